"""Formulários das ações em lote do RH (convocar em várias vagas, não
comparecimento e reenvio de avisos de várias convocações).

As escolhas vêm sempre de um queryset já escopado ao órgão e ao papel de quem
age: um id de outro órgão é uma escolha inválida, e nada é feito.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone

from candidatos.models import Convocacao
from selecoes.forms.campos import campo_data, campo_data_hora
from selecoes.models import VagaEstagio

MAXIMO_POR_VAGA = 500
MAXIMO_VAGAS = 100
"""Vagas por envio: cada uma roda o motor sob a sua trava, uma depois da outra."""
MAXIMO_CONVOCACOES = 300


class _ComChave(forms.Form):
    chave = forms.UUIDField(
        widget=forms.HiddenInput,
        help_text="Gerada ao exibir o formulário: o mesmo envio repetido age uma vez só.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["chave"].initial = uuid.uuid4()


class ConvocarLoteForm(_ComChave):
    """Vagas marcadas, quantos chamar em cada uma (``quantidade_<id>``) e um prazo."""

    vagas = forms.ModelMultipleChoiceField(
        label="Vagas",
        queryset=VagaEstagio.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "Vagas: marque ao menos uma vaga.",
            "invalid_choice": "Vagas: uma das vagas marcadas não está entre as suas.",
            "invalid_pk_value": "Vagas: valor inválido.",
        },
    )
    prazo_resposta = campo_data_hora("Prazo para resposta")

    def __init__(
        self, *args: Any, vagas: QuerySet[VagaEstagio], agora: datetime, **kwargs: Any
    ) -> None:
        kwargs.setdefault("auto_id", "id_convocar_%s")
        super().__init__(*args, **kwargs)
        self.fields["prazo_resposta"].widget.attrs["class"] = "form-control"
        self.agora = agora
        self.fields["vagas"].queryset = vagas  # type: ignore[attr-defined]
        self.fields["prazo_resposta"].initial = (
            timezone.localtime(agora) + timedelta(days=5)
        ).replace(hour=18, minute=0, second=0, microsecond=0)

    def clean_prazo_resposta(self) -> datetime:
        prazo: datetime = self.cleaned_data["prazo_resposta"]
        if prazo <= self.agora:
            raise ValidationError("O prazo para resposta deve ser depois de agora.")
        return prazo

    def clean(self) -> dict[str, Any]:
        dados = super().clean() or {}
        if len(dados.get("vagas") or []) > MAXIMO_VAGAS:
            self.add_error(
                "vagas", f"Vagas: marque até {MAXIMO_VAGAS} por envio e envie o resto depois."
            )
            dados["pedidos"] = []
            return dados
        pedidos = []
        for vaga in sorted(dados.get("vagas") or [], key=lambda v: v.pk):
            bruto = (self.data.get(f"quantidade_{vaga.pk}") or "").strip()
            try:
                quantidade = int(bruto)
            except ValueError:
                quantidade = 0
            if not 1 <= quantidade <= MAXIMO_POR_VAGA:
                self.add_error(
                    "vagas",
                    f"Quantos convocar na vaga {vaga.codigo}: informe um número inteiro "
                    f"de 1 a {MAXIMO_POR_VAGA}.",
                )
                continue
            pedidos.append((vaga, quantidade))
        dados["pedidos"] = pedidos
        return dados


class ConvocacoesLoteForm(_ComChave):
    """Convocações marcadas, para o não comparecimento ou o reenvio do aviso."""

    ACOES = {
        "reenviar": "Reenviar o aviso de convocação (o mesmo link e o mesmo prazo)",
        "nao_compareceu": "Registrar não comparecimento (art. 4º, § 2º)",
    }

    convocacoes = forms.ModelMultipleChoiceField(
        label="Convocações",
        queryset=Convocacao.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": "Convocações: marque ao menos uma convocação.",
            "invalid_choice": "Convocações: uma das marcadas não está entre as suas.",
            "invalid_pk_value": "Convocações: valor inválido.",
        },
    )
    acao = forms.ChoiceField(
        label="Ação", choices=list(ACOES.items()), widget=forms.RadioSelect, initial="reenviar"
    )
    # O campo se chama "data" no formulário publicado; a metaclasse tira o campo da
    # classe, e ``self.data`` continua sendo os dados enviados.
    data = campo_data(  # type: ignore[assignment]
        "Data do não comparecimento",
        required=False,
        help_text="Só para o não comparecimento.",
    )
    motivo = forms.CharField(
        label="Motivo / registro",
        required=False,
        max_length=1000,
        help_text="Só para o não comparecimento; fica na trilha de auditoria.",
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args: Any, convocacoes: QuerySet[Convocacao], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "id_lote_%s")
        super().__init__(*args, **kwargs)
        for nome in ("data", "motivo"):
            self.fields[nome].widget.attrs["class"] = "form-control"
        self.fields["acao"].widget.attrs["class"] = "form-check-input"
        self.fields["convocacoes"].queryset = convocacoes  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        dados = super().clean() or {}
        if len(dados.get("convocacoes") or []) > MAXIMO_CONVOCACOES:
            self.add_error(
                "convocacoes",
                f"Convocações: marque até {MAXIMO_CONVOCACOES} por envio e envie o resto depois.",
            )
        if dados.get("acao") == "nao_compareceu":
            if not dados.get("data"):
                self.add_error("data", "Data do não comparecimento: informe a data.")
            if not (dados.get("motivo") or "").strip():
                self.add_error(
                    "motivo", "Motivo / registro: descreva o que aconteceu (ex.: prazo vencido)."
                )
        return dados
