"""Formulários da classificação, dos resultados, da convocação e da eliminação."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.forms import BaseFormSet, formset_factory
from django.utils import timezone

from candidatos import envios
from candidatos.models import (
    Inscricao,
    Recurso,
    SituacaoAvaliacao,
    SituacaoConvocacao,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.planilhas import Planilha
from candidatos.services.classificacao import LinhaAvaliacao
from candidatos.services.regras_publicacao import inscricoes_sem_avaliacao, problemas_publicacao
from selecoes.forms.campos import CampoDecimal, campo_data, campo_data_hora
from selecoes.models import CASAS_DECIMAIS_MAXIMO, CriterioAvaliacao, Selecao

# ---------------------------------------------------------------------------
# Grade de notas
# ---------------------------------------------------------------------------

SITUACOES_GRADE = [
    (SituacaoAvaliacao.PENDENTE, "Pendente"),
    (SituacaoAvaliacao.APROVADO, "Aprovado(a)"),
    (SituacaoAvaliacao.REPROVADO, "Reprovado(a)"),
    (SituacaoAvaliacao.AUSENTE, "Ausente"),
]


# Sem critérios a nota final é digitada, em milésimos como o banco a guarda.
CASAS_NOTA_FINAL_DIGITADA = 3


@dataclass(frozen=True)
class ColunaNota:
    """Uma coluna de nota: um critério do edital ou, sem critérios, a nota final."""

    campo: str
    codigo: str
    nome: str
    nota_maxima: Decimal
    casas: int = CASAS_NOTA_FINAL_DIGITADA
    """Casas que o edital declara para o critério (`CriterioAvaliacao.casas_decimais`)."""

    def excede_casas(self, valor: Decimal) -> bool:
        """ "9,50" tem 1 casa significativa: zeros à direita não contam."""
        expoente = valor.normalize().as_tuple().exponent
        return isinstance(expoente, int) and -expoente > self.casas

    def mensagem_casas(self) -> str:
        if self.campo == "nota_final":
            return f"{self.nome}: use no máximo {self.casas} casas decimais."
        if self.casas == 0:
            return f"{self.nome}: o edital declara nota inteira; digite sem casas decimais."
        plural = "casa decimal" if self.casas == 1 else "casas decimais"
        return (
            f"{self.nome}: o edital declara {self.casas} {plural}; digite no máximo {self.casas}."
        )


def colunas_de_nota(criterios: Sequence[CriterioAvaliacao]) -> list[ColunaNota]:
    if not criterios:
        return [ColunaNota("nota_final", "nota_final", "Nota final", Decimal("1000"))]
    return [
        ColunaNota(f"nota_{c.codigo}", c.codigo, c.nome, c.nota_maxima, c.casas_decimais)
        for c in criterios
    ]


def validar_notas(
    situacao: str, notas: dict[str, Decimal | None], colunas: Sequence[ColunaNota]
) -> dict[str, str]:
    """Erros por campo (mesmas regras na grade e na planilha)."""
    erros: dict[str, str] = {}
    for col in colunas:
        valor = notas.get(col.codigo)
        if valor is None:
            if situacao == SituacaoAvaliacao.APROVADO:
                erros[col.campo] = f"{col.nome}: informe a nota (obrigatória para aprovados)."
        elif situacao == SituacaoAvaliacao.AUSENTE:
            erros[col.campo] = f"{col.nome}: candidato ausente não tem nota; apague o valor."
        elif not Decimal(0) <= valor <= col.nota_maxima:
            erros[col.campo] = f"{col.nome}: a nota deve estar entre 0 e {col.nota_maxima}."
        elif col.excede_casas(valor):
            erros[col.campo] = col.mensagem_casas()
    return erros


class AvaliacaoForm(forms.Form):
    """Uma linha da grade: situação e uma nota por critério."""

    inscricao = forms.IntegerField(widget=forms.HiddenInput)
    situacao = forms.ChoiceField(label="Situação", choices=SITUACOES_GRADE)

    def __init__(self, *args: Any, colunas: Sequence[ColunaNota], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.colunas = list(colunas)
        for col in self.colunas:
            self.fields[col.campo] = CampoDecimal(
                label=col.nome,
                required=False,
                max_digits=8 + CASAS_DECIMAIS_MAXIMO,
                decimal_places=None,
                localize=True,
                widget=forms.TextInput(
                    attrs={"inputmode": "decimal", "autocomplete": "off", "size": 6}
                ),
                error_messages={
                    "invalid": f"{col.nome}: digite um número (ex.: 8,5).",
                    "max_digits": f"{col.nome}: número grande demais.",
                },
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
        situacao = dados.get("situacao")
        if situacao is None:
            return dados
        notas = {col.codigo: dados.get(col.campo) for col in self.colunas}
        for campo, mensagem in validar_notas(situacao, notas, self.colunas).items():
            self.add_error(campo, mensagem)
        return dados

    def linha(self) -> LinhaAvaliacao:
        dados = self.cleaned_data
        if self.colunas and self.colunas[0].campo == "nota_final":
            return LinhaAvaliacao(dados["inscricao"], dados["situacao"], {}, dados["nota_final"])
        return LinhaAvaliacao(
            dados["inscricao"],
            dados["situacao"],
            {col.codigo: dados.get(col.campo) for col in self.colunas},
        )


class BaseAvaliacaoFormSet(BaseFormSet):
    def __init__(self, *args: Any, permitidas: set[int], **kwargs: Any) -> None:
        self.permitidas = permitidas
        super().__init__(*args, **kwargs)

    def clean(self) -> None:
        if any(self.errors):
            return
        vistas: set[int] = set()
        for form in self.forms:
            inscricao = form.cleaned_data.get("inscricao")
            if inscricao not in self.permitidas or inscricao in vistas:
                raise ValidationError(
                    "A grade foi alterada fora da página; recarregue e tente de novo."
                )
            vistas.add(inscricao)


AvaliacaoFormSet = formset_factory(AvaliacaoForm, formset=BaseAvaliacaoFormSet, extra=0)


def _com_as_casas(valor: Any, col: ColunaNota) -> Decimal:
    """A nota salva com as casas do critério ("9.5" → "9,50" com 2 casas), sem arredondar."""
    numero = Decimal(valor)
    return numero if col.excede_casas(numero) else numero.quantize(Decimal(1).scaleb(-col.casas))


def initial_da_grade(
    inscricoes: Sequence[Inscricao], colunas: Sequence[ColunaNota]
) -> list[dict[str, Any]]:
    iniciais = []
    for ins in inscricoes:
        avaliacao = getattr(ins, "avaliacao", None)
        linha: dict[str, Any] = {
            "inscricao": ins.pk,
            "situacao": avaliacao.situacao if avaliacao else SituacaoAvaliacao.PENDENTE,
        }
        for col in colunas:
            if avaliacao is None:
                continue
            if col.campo == "nota_final":
                linha[col.campo] = avaliacao.nota_final
            else:
                valor = (avaliacao.notas or {}).get(col.codigo)
                linha[col.campo] = _com_as_casas(valor, col) if valor not in (None, "") else None
        iniciais.append(linha)
    return iniciais


# ---------------------------------------------------------------------------
# Importação de notas (planilha, tudo ou nada)
# ---------------------------------------------------------------------------


class ImportarNotasForm(forms.Form):
    arquivo = forms.FileField(
        label="Planilha de notas (.csv ou .xlsx)",
        help_text="Colunas: inscricao, situacao e uma coluna por critério (código do critério).",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx"}),
    )


@dataclass(frozen=True)
class ErroLinha:
    linha: int
    coluna: str
    mensagem: str


SITUACOES_PLANILHA = {
    "aprovado": SituacaoAvaliacao.APROVADO,
    "aprovada": SituacaoAvaliacao.APROVADO,
    "reprovado": SituacaoAvaliacao.REPROVADO,
    "reprovada": SituacaoAvaliacao.REPROVADO,
    "ausente": SituacaoAvaliacao.AUSENTE,
    "pendente": SituacaoAvaliacao.PENDENTE,
}


def _decimal(texto: str) -> Decimal | None:
    texto = texto.strip().replace(",", ".")
    if not texto:
        return None
    try:
        valor = Decimal(texto)
    except InvalidOperation as erro:
        raise ValueError from erro
    # As casas de cada critério são conferidas em `validar_notas`, com a mensagem dele.
    if not valor.is_finite() or valor.as_tuple().exponent < -CASAS_DECIMAIS_MAXIMO:  # type: ignore[operator]
        raise ValueError
    return valor


def _linha_da_planilha(
    valores: dict[str, str],
    numero_linha: int,
    inscricao_id: int,
    colunas: Sequence[ColunaNota],
) -> LinhaAvaliacao | list[ErroLinha]:
    situacao = SITUACOES_PLANILHA.get(valores.get("situacao", "").strip().lower())
    if situacao is None:
        return [
            ErroLinha(numero_linha, "situacao", "use aprovado, reprovado, ausente ou pendente.")
        ]
    notas: dict[str, Decimal | None] = {}
    erros: list[ErroLinha] = []
    for col in colunas:
        try:
            notas[col.codigo] = _decimal(valores.get(col.codigo, ""))
        except ValueError:
            erros.append(
                ErroLinha(
                    numero_linha, col.codigo, f"número inválido (ex.: 8,5; até {col.casas} casas)."
                )
            )
    if erros:
        return erros
    codigo_do_campo = {c.campo: c.codigo for c in colunas}
    erros = [
        ErroLinha(numero_linha, codigo_do_campo[campo], mensagem)
        for campo, mensagem in validar_notas(situacao, notas, colunas).items()
    ]
    if erros:
        return erros
    if colunas and colunas[0].campo == "nota_final":
        return LinhaAvaliacao(inscricao_id, situacao, {}, notas["nota_final"])
    return LinhaAvaliacao(inscricao_id, situacao, notas)


def validar_planilha_notas(
    planilha: Planilha, *, selecao: Selecao, colunas: Sequence[ColunaNota]
) -> tuple[list[LinhaAvaliacao], list[ErroLinha]]:
    """Cada linha vira uma ``LinhaAvaliacao`` ou erros com linha e coluna."""
    exigidas = ["inscricao", "situacao", *(c.codigo for c in colunas)]
    faltam = [c for c in exigidas if c not in planilha.colunas]
    if faltam:
        return [], [ErroLinha(1, c, f"coluna obrigatória ausente: {c}.") for c in faltam]
    if not planilha.linhas:
        return [], [ErroLinha(2, "", "a planilha não tem linhas de dados.")]
    numeros = dict(
        Inscricao.objects.vigentes()
        .filter(selecao=selecao)
        .exclude(situacao="eliminada")
        .values_list("numero", "pk")
    )
    linhas: list[LinhaAvaliacao] = []
    erros: list[ErroLinha] = []
    vistas: dict[str, int] = {}
    for linha in planilha.linhas:
        numero = linha.valores.get("inscricao", "").strip()
        if numero not in numeros:
            mensagem = f"inscrição {numero or '(vazia)'} não existe nesta seleção."
            erros.append(ErroLinha(linha.numero, "inscricao", mensagem))
            continue
        if numero in vistas:
            mensagem = f"inscrição {numero} repetida (já na linha {vistas[numero]})."
            erros.append(ErroLinha(linha.numero, "inscricao", mensagem))
            continue
        vistas[numero] = linha.numero
        resultado = _linha_da_planilha(linha.valores, linha.numero, numeros[numero], colunas)
        if isinstance(resultado, list):
            erros.extend(resultado)
        else:
            linhas.append(resultado)
    return linhas, erros


# ---------------------------------------------------------------------------
# Sorteio e resultados
# ---------------------------------------------------------------------------


class AnunciarSorteioForm(forms.Form):
    """Anúncio do sorteio: a semente (ou a fonte pública futura) publicada antes."""

    semente = forms.CharField(
        label="Semente do sorteio",
        max_length=64,
        required=False,
        help_text="Publicada já agora, antes do sorteio. Prefira a fonte pública futura "
        "(abaixo): uma semente escolhida por quem sorteia não se repete, mas pode ter sido "
        "escolhida já sabendo o resultado.",
    )
    fonte_semente = forms.CharField(
        label="Fonte pública futura da semente",
        max_length=300,
        required=False,
        help_text="Ex.: 1º prêmio da Loteria Federal da extração de uma data posterior.",
    )
    realizar_a_partir_de = campo_data_hora("Sorteio a partir de")
    descricao = forms.CharField(
        label="Descrição do ato público", required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        horas = settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS
        self.fields["realizar_a_partir_de"].help_text = (
            f"Com semente escolhida aqui, ao menos {horas} hora(s) depois do anúncio; com "
            "fonte pública futura, a data em que a fonte sai."
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
        if (
            not (dados.get("semente") or "").strip()
            and not (dados.get("fonte_semente") or "").strip()
        ):
            raise ValidationError(
                "Informe a semente, publicada já no anúncio, ou a fonte pública futura que a dará."
            )
        return dados


class RealizarSorteioForm(forms.Form):
    semente = forms.CharField(
        label="Semente dada pela fonte pública",
        max_length=64,
        required=False,
        help_text="Só quando o anúncio nomeou uma fonte pública futura.",
    )


class PublicarResultadoForm(forms.Form):
    """Pedido de publicação: confere aqui, antes de enfileirar, as mesmas regras
    que o serviço confere de novo sob a trava (``problemas_publicacao``)."""

    chave = forms.UUIDField(
        widget=forms.HiddenInput,
        initial=uuid.uuid4,
        error_messages={
            "required": "Pedido sem identificação: recarregue a página e tente de novo.",
            "invalid": "Pedido sem identificação: recarregue a página e tente de novo.",
        },
    )
    tipo = forms.ChoiceField(label="Tipo de resultado", choices=TipoResultado.choices)
    motivo = forms.CharField(
        label="Motivo da nova versão",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Obrigatório a partir da 2ª versão (ex.: recurso deferido, decisão judicial).",
    )
    recurso_inicio = campo_data_hora("Início do prazo de recurso", required=False)
    recurso_fim = campo_data_hora("Fim do prazo de recurso", required=False)

    def __init__(self, *args: Any, selecao: Selecao, agora: datetime, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.selecao = selecao
        self.agora = agora
        self.sem_avaliacao = inscricoes_sem_avaliacao(selecao)
        for p in self.sem_avaliacao:
            self.fields[p.campo] = forms.CharField(
                label=f"Motivo de {p.numero} — {p.nome} ficar fora do resultado",
                required=False,
                max_length=500,
                help_text="Sem avaliação (pendente). Registre a nota na grade ou explique aqui; "
                "o motivo é público, com o número de inscrição.",
            )

    def justificativas(self) -> dict[str, str]:
        """Número de inscrição → motivo, para cada inscrição sem avaliação."""
        dados = self.cleaned_data
        return {p.numero: dados.get(p.campo) or "" for p in self.sem_avaliacao}

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
        if dados.get("tipo") is None or {"recurso_inicio", "recurso_fim"} & set(self.errors):
            return dados
        problemas = problemas_publicacao(
            selecao=self.selecao,
            tipo=dados["tipo"],
            motivo=dados.get("motivo") or "",
            recurso_inicio=dados.get("recurso_inicio"),
            recurso_fim=dados.get("recurso_fim"),
            agora=self.agora,
            sem_avaliacao={p.numero: dados.get(p.campo) or "" for p in self.sem_avaliacao},
        )
        for problema in problemas:
            campo = problema.campo if problema.campo in self.fields else None
            self.add_error(campo, problema.mensagem)
        return dados


class AprovarPorCorteForm(forms.Form):
    corte = forms.CharField(
        label="Nota de corte",
        max_length=20,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
        error_messages={"required": "Nota de corte: informe a nota a partir da qual aprovar."},
    )

    def clean_corte(self) -> Decimal:
        """Com vírgula ou ponto, como na grade e na planilha."""
        try:
            corte = _decimal(self.cleaned_data["corte"])
        except ValueError:
            corte = None
        if corte is None:
            raise ValidationError("Nota de corte: informe um número, como 7 ou 7,5.")
        if corte < 0:
            raise ValidationError("Nota de corte: não pode ser negativa.")
        return corte


class RecursoForm(forms.ModelForm):
    recebido_em = campo_data_hora("Recebido em")

    class Meta:
        model = Recurso
        fields = ["inscricao", "assunto", "texto", "recebido_em"]
        widgets = {"texto": forms.Textarea(attrs={"rows": 5})}

    def __init__(self, *args: Any, selecao: Selecao, agora: datetime, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.agora = agora
        self.fields["inscricao"].queryset = (  # type: ignore[attr-defined]
            Inscricao.objects.vigentes().filter(selecao=selecao).order_by("numero")
        )
        self.fields["inscricao"].label_from_instance = lambda i: f"{i.numero} — {i.nome_exibicao}"  # type: ignore[attr-defined]

    def clean_recebido_em(self) -> datetime:
        """Registra-se o que já chegou: o recurso não é recebido no futuro."""
        recebido_em = self.cleaned_data["recebido_em"]
        if recebido_em is not None and recebido_em > self.agora:
            raise ValidationError(
                "Recebido em: não pode ser depois de agora "
                f"({timezone.localtime(self.agora):%d/%m/%Y %H:%M}); informe quando o "
                "recurso chegou."
            )
        return recebido_em


class DecidirRecursoForm(forms.Form):
    situacao = forms.ChoiceField(
        label="Decisão",
        choices=[
            (SituacaoRecurso.DEFERIDO, "Deferido"),
            (SituacaoRecurso.INDEFERIDO, "Indeferido"),
        ],
        widget=forms.RadioSelect,
    )
    fundamentacao = forms.CharField(label="Fundamentação", widget=forms.Textarea(attrs={"rows": 4}))


# ---------------------------------------------------------------------------
# Convocação e desfechos
# ---------------------------------------------------------------------------


class ConvocarForm(forms.Form):
    quantidade = forms.IntegerField(label="Quantos convocar", min_value=1)
    prazo_resposta = campo_data_hora("Prazo para resposta")
    chave = forms.UUIDField(
        widget=forms.HiddenInput,
        required=False,
        help_text="Gerada ao exibir o formulário: o mesmo envio repetido convoca uma vez só.",
    )

    def __init__(
        self,
        *args: Any,
        maximo: int,
        agora: datetime,
        prazo_sugerido: datetime | None = None,
        ajuda_prazo: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.agora = agora
        self.fields["quantidade"].max_value = max(maximo, 1)  # type: ignore[attr-defined]
        self.fields["quantidade"].widget.attrs["max"] = max(maximo, 1)
        self.fields[
            "quantidade"
        ].help_text = f"Até {maximo} agora (vagas a preencher ainda não chamadas)."
        self.fields["quantidade"].initial = maximo
        self.fields["chave"].initial = uuid.uuid4()
        self.fields["prazo_resposta"].initial = prazo_sugerido or (
            agora + timedelta(days=5)
        ).replace(hour=18, minute=0, second=0, microsecond=0)
        if ajuda_prazo:
            self.fields["prazo_resposta"].help_text = ajuda_prazo

    def clean_prazo_resposta(self) -> datetime:
        prazo = self.cleaned_data["prazo_resposta"]
        if prazo <= self.agora:
            raise ValidationError("O prazo para resposta deve ser depois de agora.")
        return prazo


class VagasSurgidasForm(forms.Form):
    quantidade = forms.IntegerField(label="Vagas surgidas", min_value=1, max_value=500)
    motivo = forms.CharField(label="Ato que criou as vagas", max_length=300)


class ContratacaoForm(forms.Form):
    data_inicio = campo_data("Início do estágio")
    numero_tce = forms.CharField(label="Número do TCE", max_length=40)


class DesistenciaForm(forms.Form):
    situacao = forms.ChoiceField(
        label="Desfecho",
        choices=[
            (SituacaoConvocacao.RECUSADA, "Recusou a vaga"),
            (SituacaoConvocacao.NAO_COMPARECEU, "Não compareceu / não respondeu no prazo"),
            (SituacaoConvocacao.DESISTIU, "Desistiu (inclusive depois de contratado)"),
        ],
    )
    data = campo_data("Data")  # type: ignore[assignment]
    motivo = forms.CharField(label="Motivo / registro", widget=forms.Textarea(attrs={"rows": 3}))


class DesistenciaInscricaoForm(forms.Form):
    motivo = forms.CharField(
        label="Pedido de desistência", widget=forms.Textarea(attrs={"rows": 3})
    )


# ---------------------------------------------------------------------------
# Eliminação (art. 2º, parágrafo único)
# ---------------------------------------------------------------------------

TIPOS_DOCUMENTO = (".pdf", ".png", ".jpg", ".jpeg")
TAMANHO_DOCUMENTO = 10 * 1024 * 1024


def validar_documento(arquivo: Any) -> Any:
    if arquivo and not arquivo.name.lower().endswith(TIPOS_DOCUMENTO):
        raise ValidationError("Envie um arquivo PDF, PNG ou JPG.")
    if arquivo and arquivo.size > TAMANHO_DOCUMENTO:
        raise ValidationError("O arquivo deve ter até 10 MB.")
    return arquivo


FINALIDADE_DECISAO = "decisao"


class RetemArquivo:
    """Arquivo que sobrevive a um erro de validação (``candidatos/envios.py``), como
    o laudo da inscrição: o válido fica guardado e o formulário leva só a referência
    assinada em ``<campo>_ref``; a ajuda do campo diz que ele já foi recebido.

    A subclasse declara ``campo_retido``, ``finalidade`` e o ``<campo>_ref`` oculto.
    """

    campo_retido: str
    finalidade: str
    arquivo_obrigatorio = False
    rotulo_recebido = "Arquivo"

    data: Any
    files: Any
    fields: dict[str, forms.Field]
    errors: Any
    _bound_fields_cache: dict[str, Any]

    @property
    def _campo_ref(self) -> str:
        return f"{self.campo_retido}_ref"

    def _arquivo_enviado_ou_guardado(self, enviado: UploadedFile | None) -> UploadedFile | None:
        """O arquivo enviado agora ou, sem ele, o guardado no envio anterior com erro."""
        referencia = self.data.get(self._campo_ref)
        if not enviado and referencia:
            enviado = envios.recuperar(referencia, finalidade=self.finalidade)
            if enviado is not None:
                validar_documento(enviado)
        if not enviado and self.arquivo_obrigatorio:
            raise ValidationError(self.fields[self.campo_retido].error_messages["required"])
        return enviado or None

    def reter_arquivo(self) -> None:
        """Envio com erro: guarda o arquivo válido para não pedi-lo de novo."""
        if self.campo_retido in self.errors:
            return
        dados = getattr(self, "cleaned_data", None) or {}
        arquivo = dados.get(self.campo_retido)
        referencia = self.data.get(self._campo_ref, "")
        if self.files.get(self.campo_retido) and arquivo:
            if referencia:
                envios.descartar(referencia, finalidade=self.finalidade)
            referencia = envios.guardar(arquivo, finalidade=self.finalidade)
            self.data = self.data.copy()
            self.data[self._campo_ref] = referencia
        nome = envios.nome_original(referencia, finalidade=self.finalidade) if referencia else ""
        if nome:
            self.fields[self.campo_retido].help_text = (
                f"{self.rotulo_recebido} já recebido: {nome}. "
                "Envie outro arquivo só se quiser trocá-lo."
            )
            # O campo desenhado guarda a ajuda de quando foi criado (na validação).
            self._bound_fields_cache.pop(self.campo_retido, None)

    def descartar_arquivo_guardado(self) -> None:
        """Gravado o formulário, a cópia temporária não serve mais."""
        referencia = self.data.get(self._campo_ref, "")
        if referencia:
            envios.descartar(referencia, finalidade=self.finalidade)


FINALIDADE_EVIDENCIAS = "evidencias"


class AbrirProcessoForm(RetemArquivo, forms.Form):
    campo_retido = "arquivo"
    finalidade = FINALIDADE_EVIDENCIAS
    rotulo_recebido = "Arquivo de evidências"

    motivo = forms.CharField(label="Motivo da apuração", widget=forms.Textarea(attrs={"rows": 3}))
    evidencias = forms.CharField(
        label="Evidências", required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    arquivo = forms.FileField(
        label="Arquivo de evidências (PDF, PNG ou JPG)",
        required=False,
        validators=[validar_documento],
    )
    arquivo_ref = forms.CharField(required=False, widget=forms.HiddenInput, max_length=1000)

    def clean_arquivo(self) -> UploadedFile | None:
        return self._arquivo_enviado_ou_guardado(self.cleaned_data.get("arquivo"))


class NotificarForm(forms.Form):
    prazo_defesa = campo_data("Prazo para defesa")


class DefesaForm(forms.Form):
    defesa = forms.CharField(label="Defesa recebida", widget=forms.Textarea(attrs={"rows": 5}))


class DecisaoProcessoForm(RetemArquivo, forms.Form):
    campo_retido = "documento"
    finalidade = FINALIDADE_DECISAO
    arquivo_obrigatorio = True
    rotulo_recebido = "Documento"

    procedente = forms.TypedChoiceField(
        label="Decisão",
        choices=[
            ("1", "Procedente: declaração falsa confirmada; eliminar o candidato"),
            ("0", "Improcedente: nada muda"),
        ],
        coerce=lambda v: v == "1",
        widget=forms.RadioSelect,
    )
    fundamentacao = forms.CharField(label="Fundamentação", widget=forms.Textarea(attrs={"rows": 4}))
    documento = forms.FileField(
        label="Documento da decisão (PDF, PNG ou JPG)",
        required=False,
        validators=[validar_documento],
    )
    documento_ref = forms.CharField(required=False, widget=forms.HiddenInput, max_length=1000)

    def clean_documento(self) -> UploadedFile | None:
        return self._arquivo_enviado_ou_guardado(self.cleaned_data.get("documento"))


# ---------------------------------------------------------------------------
# Página do candidato
# ---------------------------------------------------------------------------


class RespostaForm(forms.Form):
    resposta = forms.ChoiceField(
        label="Sua resposta",
        choices=[("aceitar", "Aceito a vaga"), ("recusar", "Recuso a vaga (desisto)")],
        widget=forms.RadioSelect,
    )
    confirmo = forms.BooleanField(
        label="Li a convocação e confirmo minha resposta; sei que a recusa é definitiva.",
    )
