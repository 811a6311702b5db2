"""Formulários da área do candidato: recurso, defesa, desistência e contato."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile

from candidatos.forms.inscricao import TAMANHO_MAXIMO_LAUDO, FormularioAcessivel, validar_pdf
from candidatos.services.anexos import MAXIMO_ANEXOS

TEXTO_ANEXOS = (
    f"Opcional. Até {MAXIMO_ANEXOS} arquivos PDF, somando no máximo "
    f"{TAMANHO_MAXIMO_LAUDO // (1024 * 1024)} MB."
)


class VariosArquivosInput(forms.FileInput):
    allow_multiple_selected = True


class AnexosField(forms.FileField):
    """Zero a ``MAXIMO_ANEXOS`` PDFs, conferidos pelos bytes, somando até 5 MB (o
    limite de um envio sem login, ``config/uploads.py``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", VariosArquivosInput(attrs={"accept": "application/pdf,.pdf"}))
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[UploadedFile]:
        arquivos = [a for a in (data if isinstance(data, list | tuple) else [data]) if a]
        if len(arquivos) > MAXIMO_ANEXOS:
            raise ValidationError(f"Anexos: envie no máximo {MAXIMO_ANEXOS} arquivos PDF.")
        for arquivo in arquivos:
            validar_pdf(arquivo, rotulo=f"Anexo {arquivo.name}")
        if sum(a.size or 0 for a in arquivos) > TAMANHO_MAXIMO_LAUDO:
            raise ValidationError("Anexos: os arquivos somam mais de 5 MB; envie PDFs menores.")
        return arquivos


class RecursoCandidatoForm(FormularioAcessivel, forms.Form):
    assunto = forms.CharField(
        label="Assunto",
        max_length=200,
        help_text="Em poucas palavras (ex.: nota do critério 2, classificação na lista).",
    )
    texto = forms.CharField(
        label="Texto do recurso",
        max_length=10_000,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="Explique o que deve ser revisto e por quê.",
    )
    anexos = AnexosField(label="Anexos (PDF)", help_text=TEXTO_ANEXOS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preparar_campos()


class RecursoHeteroidentificacaoForm(FormularioAcessivel, forms.Form):
    """Recurso do resultado preliminar da heteroidentificação (issue 15, item 6)."""

    razoes = forms.CharField(
        label="Razões do recurso",
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="Explique por que a decisão da comissão deve ser revista.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preparar_campos()


class DefesaForm(FormularioAcessivel, forms.Form):
    defesa = forms.CharField(
        label="Sua defesa",
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 10}),
    )
    anexos = AnexosField(label="Anexos (PDF)", help_text=TEXTO_ANEXOS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preparar_campos()


class DesistenciaForm(FormularioAcessivel, forms.Form):
    motivo = forms.CharField(
        label="Motivo (opcional)",
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    confirmo = forms.BooleanField(
        label="Confirmo que desisto desta seleção. Sei que a desistência vale na hora e é "
        "definitiva.",
        error_messages={"required": "Confirmação: marque a caixa para confirmar a desistência."},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        mensagem = self.fields["confirmo"].error_messages["required"]
        self.preparar_campos()
        self.fields["confirmo"].error_messages["required"] = mensagem


class ContatoForm(FormularioAcessivel, forms.Form):
    email = forms.EmailField(
        label="E-mail", max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )
    telefone = forms.CharField(
        label="Telefone",
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "tel", "inputmode": "tel"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preparar_campos()
