"""Formulários das telas do RH da heteroidentificação (só traduzem; as regras são dos serviços)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from candidatos.heteroidentificacao import EXTENSOES_GRAVACAO
from candidatos.models import ChamadoHeteroidentificacao, ModalidadeSessao, Presenca
from selecoes.forms.campos import campo_data, campo_data_hora
from selecoes.models import (
    ChamadosConfirmacao,
    Comissao,
    EfeitoAusencia,
    Orgao,
    Papel,
    RegraDecisao,
    TipoComissao,
    TipoConfirmacao,
)
from selecoes.models.heteroidentificacao import MULTIPLO_MAXIMO, PRAZO_RECURSO_MAXIMO_DIAS


class ComissaoForm(forms.Form):
    orgao = forms.ModelChoiceField(label="Órgão", queryset=Orgao.objects.none())
    nome = forms.CharField(label="Nome", max_length=120)
    tipo = forms.ChoiceField(label="Tipo", choices=TipoComissao.choices)
    ato_designacao = forms.CharField(label="Ato de designação", max_length=200, required=False)

    def __init__(self, *args: Any, orgaos: QuerySet[Orgao], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["orgao"].queryset = orgaos  # type: ignore[attr-defined]
        if orgaos.count() == 1:
            self.fields["orgao"].initial = orgaos.first()


class ComissaoEditarForm(forms.Form):
    nome = forms.CharField(label="Nome", max_length=120)
    ato_designacao = forms.CharField(label="Ato de designação", max_length=200, required=False)
    ativa = forms.BooleanField(label="Ativa", required=False)


class MembroForm(forms.Form):
    usuario = forms.ModelChoiceField(
        label="Usuário",
        queryset=get_user_model().objects.none(),
        help_text="Usuário lotado no órgão da comissão com o papel Membro de comissão.",
    )
    nome = forms.CharField(label="Nome", max_length=200)
    sociedade_civil = forms.BooleanField(label="Assento da sociedade civil", required=False)

    def __init__(self, *args: Any, comissao: Comissao, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["usuario"].queryset = (  # type: ignore[attr-defined]
            get_user_model()
            .objects.filter(lotacoes__orgao_id=comissao.orgao_id, lotacoes__papel=Papel.COMISSAO)
            .order_by("username")
            .distinct()
        )


class SessaoForm(forms.Form):
    comissao = forms.ModelChoiceField(label="Comissão", queryset=Comissao.objects.none())
    modalidade = forms.ChoiceField(label="Modalidade", choices=ModalidadeSessao.choices)
    inicio = campo_data_hora("Data e hora")
    local = forms.CharField(label="Local", max_length=300, required=False)
    link = forms.CharField(label="Link da sala de vídeo", max_length=500, required=False)
    observacoes = forms.CharField(
        label="Observações", required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, orgao_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["comissao"].queryset = Comissao.objects.filter(  # type: ignore[attr-defined]
            orgao_id=orgao_id, tipo=TipoComissao.HETEROIDENTIFICACAO, ativa=True
        )


class ConvocarChamadosForm(forms.Form):
    chamados = forms.ModelMultipleChoiceField(
        label="Candidatos chamados",
        queryset=ChamadoHeteroidentificacao.objects.none(),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, selecao_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["chamados"].queryset = (  # type: ignore[attr-defined]
            ChamadoHeteroidentificacao.objects.filter(selecao_id=selecao_id, presenca="")
            .select_related("inscricao")
            .order_by("inscricao__numero")
        )
        self.fields["chamados"].label_from_instance = (  # type: ignore[attr-defined]
            lambda c: f"{c.inscricao.numero} — {c.get_categoria_display()}"
        )


class PresencaForm(forms.Form):
    presenca = forms.ChoiceField(label="Presença", choices=Presenca.choices)


class RecursoForm(forms.Form):
    razoes = forms.CharField(label="Razões do recurso", widget=forms.Textarea(attrs={"rows": 4}))
    comissao_recursal = forms.ModelChoiceField(
        label="Comissão recursal", queryset=Comissao.objects.none()
    )

    def __init__(self, *args: Any, orgao_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["comissao_recursal"].queryset = Comissao.objects.filter(  # type: ignore[attr-defined]
            orgao_id=orgao_id, tipo=TipoComissao.RECURSAL, ativa=True
        )


class PreliminarForm(forms.Form):
    recurso_fim = campo_data_hora(
        "Fim do prazo de recurso",
        required=False,
        help_text="Em branco: o prazo de recurso do edital, contado de agora.",
    )
    motivo = forms.CharField(
        label="Motivo da nova versão",
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Obrigatório a partir da 2ª versão.",
    )


class FinalForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo da nova versão",
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Obrigatório a partir da 2ª versão.",
    )


class GravacaoForm(forms.Form):
    arquivo = forms.FileField(
        label="Gravação (" + ", ".join(EXTENSOES_GRAVACAO) + ")",
        help_text="Fica no armazenamento privado; cada acesso é registrado.",
    )
    chamado = forms.ModelChoiceField(
        label="Candidato (opcional)",
        queryset=ChamadoHeteroidentificacao.objects.none(),
        required=False,
    )

    def __init__(self, *args: Any, sessao_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["chamado"].queryset = ChamadoHeteroidentificacao.objects.filter(  # type: ignore[attr-defined]
            sessao_id=sessao_id
        ).select_related("inscricao")
        self.fields["chamado"].label_from_instance = (  # type: ignore[attr-defined]
            lambda c: f"{c.inscricao.numero} — {c.get_categoria_display()}"
        )


class ConsultaPublicaForm(forms.Form):
    inscricao = forms.RegexField(
        label="Número de inscrição",
        regex=r"^[A-Za-z0-9-]{1,20}$",
        required=False,
        error_messages={"invalid": "Número de inscrição: use só letras, números e hífen."},
    )


class RegraForm(forms.Form):
    """Uma linha da heteroidentificação do edital (``ConfirmacaoCategoria``)."""

    categoria = forms.ChoiceField(label="Categoria")
    tipo = forms.ChoiceField(label="Tipo de verificação", choices=TipoConfirmacao.choices)
    chamados = forms.ChoiceField(label="Quem é chamado", choices=ChamadosConfirmacao.choices)
    multiplo = forms.IntegerField(
        label="Múltiplo das vagas (M)", required=False, min_value=1, max_value=MULTIPLO_MAXIMO
    )
    regra_decisao = forms.ChoiceField(label="Regra de decisão", choices=RegraDecisao.choices)
    ausente = forms.ChoiceField(label="O que vale para quem falta", choices=EfeitoAusencia.choices)
    item_edital = forms.CharField(label="Item do edital", max_length=60)
    prazo_recurso_dias = forms.IntegerField(
        label="Prazo de recurso (dias)", min_value=1, max_value=PRAZO_RECURSO_MAXIMO_DIAS
    )

    def __init__(self, *args: Any, categorias: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["categoria"].choices = categorias  # type: ignore[attr-defined]


RegrasFormSet = forms.formset_factory(RegraForm, extra=1, can_delete=True, max_num=10)


class RetificacaoForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo da retificação", widget=forms.Textarea(attrs={"rows": 2})
    )
    data_retificacao = campo_data("Data da retificação")
