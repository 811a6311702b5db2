"""Formulários do monitoramento (art. 5º) e do cadastro de empresas (art. 6º)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import FileExtensionValidator
from django.db.models import QuerySet

from relatorios.models import EmpresaTerceirizada
from relatorios.monitoramento.aprendizes import CriterioPriorizacao
from selecoes.consulta import CampoEscolhaMultipla
from selecoes.forms.campos import DataInput
from selecoes.models import UF, NivelEnsino, Orgao
from selecoes.validators import normalizar_cnpj

TAMANHO_MAXIMO_COMPROVANTE = 10 * 1024 * 1024
EXTENSOES_COMPROVANTE = ["pdf", "png", "jpg", "jpeg"]


class FiltroMonitoramentoForm(forms.Form):
    """Filtros do painel; sempre válido (valores desconhecidos caem no padrão)."""

    ano = forms.TypedChoiceField(label="Ano de publicação do edital", coerce=int, required=False)
    orgao = forms.ModelChoiceField(
        label="Órgão", queryset=Orgao.objects.none(), required=False, empty_label="Todos"
    )
    nivel = forms.ChoiceField(
        label="Nível de ensino",
        choices=[("", "Todos"), *NivelEnsino.choices],
        required=False,
    )
    uf = forms.ChoiceField(label="UF", choices=[("", "Todas"), *UF.choices], required=False)

    def __init__(self, *args: Any, anos: Sequence[int], orgaos: Sequence[Orgao], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["ano"].choices = [(a, str(a)) for a in anos]  # type: ignore[attr-defined]
        for campo in self.fields.values():
            campo.widget.attrs["class"] = "form-select"
        self.fields["orgao"].queryset = Orgao.objects.filter(pk__in=[o.pk for o in orgaos])  # type: ignore[attr-defined]
        if len(orgaos) == 1:
            del self.fields["orgao"]

    def valor(self, campo: str, padrao: Any = None) -> Any:
        if self.is_bound and self.is_valid():
            return self.cleaned_data.get(campo) or padrao
        return padrao


class EmpresaTerceirizadaForm(forms.ModelForm):
    """Cadastro da comprovação da cota de aprendizes de uma empresa (art. 6º)."""

    cnpj = forms.CharField(
        label="CNPJ",
        max_length=18,
        help_text="Com ou sem pontuação: 00.000.000/0000-00 ou, alfanumérico, 12.ABC.345/01DE-35.",
    )

    class Meta:
        model = EmpresaTerceirizada
        fields = [
            "orgao",
            "cnpj",
            "razao_social",
            "porte",
            "numero_contrato",
            "objeto_contrato",
            "empregados_formacao",
            "aprendizes",
            "data_referencia",
            "comprovante",
        ]
        widgets = {
            "data_referencia": DataInput(),
            "objeto_contrato": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args: Any, orgaos: QuerySet[Orgao], hoje: date, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.hoje = hoje
        self.fields["orgao"].queryset = orgaos  # type: ignore[attr-defined]
        self.fields["orgao"].empty_label = None  # type: ignore[attr-defined]
        self.fields["comprovante"].validators.append(
            FileExtensionValidator(
                EXTENSOES_COMPROVANTE,
                message="Documento comprobatório: envie um arquivo PDF, PNG ou JPG.",
            )
        )
        if self.instance.pk:
            self.initial["cnpj"] = self.instance.cnpj_formatado
        nomear_erros(self)

    def clean_cnpj(self) -> str:
        return normalizar_cnpj(self.cleaned_data["cnpj"])

    def clean_data_referencia(self) -> date:
        data = self.cleaned_data["data_referencia"]
        if data > self.hoje:
            raise forms.ValidationError("Data de referência: não pode ser uma data futura.")
        return data

    def clean_comprovante(self) -> Any:
        arquivo = self.cleaned_data.get("comprovante")
        if arquivo and getattr(arquivo, "size", 0) > TAMANHO_MAXIMO_COMPROVANTE:
            raise forms.ValidationError("Documento comprobatório: o arquivo passa de 10 MB.")
        return arquivo


def nomear_erros(form: forms.BaseForm) -> None:
    """Mensagens de erro em pt-BR que nomeiam o campo (também fora do lado do campo)."""
    for campo in form.fields.values():
        rotulo = str(campo.label)
        campo.error_messages.update(
            {
                "required": f"{rotulo}: preencha este campo.",
                "invalid": f"{rotulo}: valor inválido.",
                "min_value": f"{rotulo}: informe um número maior ou igual a %(limit_value)s.",
                "invalid_choice": f"{rotulo}: escolha uma das opções da lista.",
            }
        )


CRITERIOS = [("", "—"), *((c.value, c.rotulo) for c in CriterioPriorizacao)]


class PriorizacaoForm(forms.Form):
    """Priorização de uma contratação (art. 6º): empresas candidatas e critérios de desempate."""

    contratacao = forms.CharField(
        label="Contratação",
        max_length=120,
        help_text="Ex.: Pregão eletrônico nº 12/2026 — limpeza e conservação.",
    )
    orgao = forms.ModelChoiceField(
        label="Órgão",
        queryset=Orgao.objects.none(),
        empty_label=None,
        error_messages={
            "invalid_choice": "Órgão: escolha um dos órgãos da lista.",
            "required": "Órgão: escolha o órgão da contratação.",
        },
    )
    empresas = CampoEscolhaMultipla(
        label="Empresas candidatas",
        queryset=EmpresaTerceirizada.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "Empresas candidatas: marque ao menos uma empresa.",
            "invalid_choice": "Empresas candidatas: marque só empresas da lista.",
            "invalid_pk_value": "Empresas candidatas: marque só empresas da lista.",
        },
    )
    criterio_1 = forms.ChoiceField(
        label="1º critério de desempate", choices=CRITERIOS, required=False
    )
    criterio_2 = forms.ChoiceField(
        label="2º critério de desempate", choices=CRITERIOS, required=False
    )
    criterio_3 = forms.ChoiceField(
        label="3º critério de desempate", choices=CRITERIOS, required=False
    )

    def __init__(
        self,
        *args: Any,
        orgaos: QuerySet[Orgao],
        empresas: QuerySet[EmpresaTerceirizada],
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.fields["orgao"].queryset = orgaos  # type: ignore[attr-defined]
        orgao = self._orgao_escolhido(orgaos)
        self.orgao_id = orgao.pk if orgao else None
        if len(orgaos) == 1:
            del self.fields["orgao"]
        self.fields["empresas"].queryset = (  # type: ignore[attr-defined]
            empresas.filter(orgao=orgao) if orgao else empresas.none()
        ).order_by("razao_social", "-data_referencia")

    def _orgao_escolhido(self, orgaos: QuerySet[Orgao]) -> Orgao | None:
        """O órgão cujas empresas se listam, lido pelo próprio campo (nunca ``int()``
        à mão: "9" * 5000 e "9" * 30 eram HTTP 500); o erro aparece no ``clean()``."""
        if len(orgaos) == 1:
            return orgaos[0]
        if not self.is_bound:
            return None
        campo = self.fields["orgao"]
        try:
            return campo.clean(campo.widget.value_from_datadict(self.data, self.files, "orgao"))
        except ValidationError:
            return None

    @property
    def criterios(self) -> list[str]:
        return [
            self.cleaned_data[c]
            for c in ("criterio_1", "criterio_2", "criterio_3")
            if self.cleaned_data.get(c)
        ]
