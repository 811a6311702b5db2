"""Inscrições com autodeclaração (Decreto 9.427/2018, art. 2º): regras e gravação.

As regras de coerência da autodeclaração são funções puras (sem banco), usadas
pelo formulário on-line e pela importação de arquivos; a gravação acontece em
``transaction.atomic`` com registro de auditoria.
"""

import hashlib
import logging
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, connection, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.http import urlencode

from candidatos.models import (
    AcessoDadoSensivel,
    CorRaca,
    DocumentoCategoria,
    Inscricao,
    OrigemInscricao,
    SituacaoInscricao,
)
from candidatos.services import mensagens
from selecoes import auditoria, correio, eventos
from selecoes.limites import registrar_tentativa
from selecoes.models import Selecao, SituacaoMensagem, VagaEstagio

logger = logging.getLogger(__name__)

# 32 símbolos sem os ambíguos (0/O, 1/I): um byte aleatório mod 32 não tem viés.
ALFABETO_CODIGO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
TAMANHO_CODIGO = 12  # 60 bits: impossível de adivinhar dentro do limite de tentativas
DIGITOS_NUMERO = 7
PREFIXO_PROVISORIO = "~"
CONSTRAINT_CPF = "inscricao_uma_vigente_por_cpf"
# Conjuntos fixos: a regra roda uma vez por linha em importações de 50 mil linhas.
CORES_IBGE = frozenset(CorRaca.values)
CORES_NEGRAS = frozenset({CorRaca.PRETA.value, CorRaca.PARDA.value})
NAO_DECLARADA = CorRaca.NAO_DECLARADA.value
ATIVA = SituacaoInscricao.ATIVA.value
# Substituição confirmada pelo canal da inscrição anterior (issue 16, item 1).
SALT_AUTORIZACAO = "candidatos.inscricao.substituicao"
VALIDADE_AUTORIZACAO = 24 * 60 * 60
# Tetos de e-mail: quem envia o formulário não transforma o sistema num disparador.
AVISOS_POR_INSCRICAO = 3  # pedidos de substituição avisados ao e-mail anterior, por dia
COMPROVANTES_POR_ENDERECO = 5  # comprovantes para o mesmo endereço, por hora


class InscricaoRecusada(Exception):
    """Inscrição que a regra não admite; ``campo`` aponta o campo do formulário."""

    def __init__(self, mensagem: str, campo: str | None = None) -> None:
        super().__init__(mensagem)
        self.mensagem = mensagem
        self.campo = campo


class SubstituicaoNaoConfirmada(InscricaoRecusada):
    """O CPF já tem inscrição ativa e a nova não veio confirmada pelo canal da anterior."""

    def __init__(self, *, anterior_id: int, codigo_errado: bool) -> None:
        if codigo_errado:
            mensagem = (
                "Código de verificação da inscrição anterior: o código não confere. Confira o "
                "comprovante da inscrição anterior ou use o link enviado ao e-mail dela."
            )
        else:
            mensagem = (
                "Código de verificação da inscrição anterior: já existe inscrição ativa com este "
                "CPF nesta seleção. Para substituí-la, informe o código de verificação do "
                "comprovante anterior ou use o link que enviamos ao e-mail da inscrição anterior. "
                "Até lá, a inscrição anterior continua valendo."
            )
        super().__init__(mensagem, campo="codigo_anterior")
        self.anterior_id = anterior_id
        self.codigo_errado = codigo_errado


@dataclass(frozen=True)
class ConfirmacaoSubstituicao:
    """Prova de que quem envia controla a inscrição anterior do mesmo CPF.

    ``codigo_anterior``: o código do comprovante anterior, como digitado;
    ``autorizacao``: o valor assinado do link enviado ao e-mail anterior.
    """

    codigo_anterior: str = ""
    autorizacao: str = ""


@dataclass(frozen=True)
class DadosInscricao:
    """Dados declarados pelo candidato, já normalizados (CPF só com dígitos)."""

    vaga_id: int
    nome_civil: str
    nome_social: str
    cpf: str
    data_nascimento: date
    email: str
    telefone: str
    instituicao_ensino: str
    curso: str
    periodo_curso: str
    cor_raca: str
    concorre_negros: bool
    pcd: bool
    concorre_pcd: bool
    concorre_categorias: tuple[str, ...] = ()
    """Categorias do órgão a que concorre (códigos nacionais; ato do órgão no edital)."""


# ---------------------------------------------------------------- regras puras


def erros_autodeclaracao(
    *,
    cor_raca: str,
    concorre_negros: bool,
    pcd: bool,
    concorre_pcd: bool,
    reserva_pcd: bool,
) -> dict[str, str]:
    """Coerência da autodeclaração; devolve {campo: mensagem}.

    Art. 2º: só concorre às vagas reservadas a negros quem se autodeclara preto
    ou pardo (quesito cor ou raça do IBGE); "prefiro não declarar" não se
    combina com a reserva. Lei 11.788/2008, art. 17, § 5º: a reserva a pessoas
    com deficiência existe só quando a seleção a prevê, e exige a declaração.
    """
    erros: dict[str, str] = {}
    if cor_raca not in CORES_IBGE:
        erros["cor_raca"] = "Cor ou raça: escolha uma das opções do IBGE ou “Prefiro não declarar”."
    elif concorre_negros and cor_raca not in CORES_NEGRAS:
        if cor_raca == NAO_DECLARADA:
            erros["concorre_negros"] = (
                "Reserva a candidatos negros: quem prefere não declarar cor ou raça não pode "
                "concorrer às vagas reservadas (art. 2º do Decreto 9.427/2018)."
            )
        else:
            erros["concorre_negros"] = (
                "Reserva a candidatos negros: somente quem se autodeclara preto(a) ou pardo(a) "
                "pode concorrer às vagas reservadas (art. 2º do Decreto 9.427/2018)."
            )
    if not reserva_pcd:
        if pcd or concorre_pcd:
            erros["pcd"] = (
                "Pessoa com deficiência: esta seleção não tem reserva de vagas a pessoas com "
                "deficiência; deixe a declaração em branco."
            )
    elif concorre_pcd and not pcd:
        erros["concorre_pcd"] = (
            "Reserva a pessoas com deficiência: para concorrer, declare ser pessoa com deficiência."
        )
    return erros


def erros_categorias_do_orgao(
    *,
    selecao: Selecao,
    concorre: Sequence[str],
    documentos: Mapping[str, object],
) -> dict[str, str]:
    """Cada opção é por uma categoria que o edital declara; a que exige documento
    só vale com ele (ato do órgão citado no edital). Devolve {campo: mensagem}."""
    declaradas = {c.categoria: c for c in selecao.categorias_orgao.all()}
    erros: dict[str, str] = {}
    for codigo in concorre:
        categoria = declaradas.get(codigo)
        if categoria is None:
            erros[f"categoria_{codigo}"] = (
                "Categoria de reserva: esta seleção não reserva vagas a essa categoria."
            )
        elif categoria.documento_exigido and codigo not in documentos:
            erros[f"documento_{codigo}"] = (
                f"{categoria.documento_descricao or 'Documento'}: envie o documento (PDF) para "
                f"concorrer às vagas reservadas a {categoria.nome.lower()}."
            )
    for codigo in documentos:
        if codigo not in concorre:
            erros[f"documento_{codigo}"] = (
                "Documento: envie o documento somente se concorrer às vagas da categoria."
            )
    return erros


def gerar_codigos_verificacao(quantidade: int) -> list[str]:
    """Códigos aleatórios (módulo ``secrets``) de 12 símbolos para o comprovante."""
    brutos = secrets.token_bytes(quantidade * TAMANHO_CODIGO)
    return [
        "".join(ALFABETO_CODIGO[b % 32] for b in brutos[i : i + TAMANHO_CODIGO])
        for i in range(0, len(brutos), TAMANHO_CODIGO)
    ]


def gerar_codigo_verificacao() -> str:
    return gerar_codigos_verificacao(1)[0]


def formatar_codigo(codigo: str) -> str:
    """Exibe o código em grupos de 4 (ABCD-EFGH-JKLM) para facilitar a leitura."""
    return "-".join(codigo[i : i + 4] for i in range(0, len(codigo), 4))


def normalizar_codigo(texto: str) -> str:
    return "".join(c for c in texto.upper() if c.isalnum())


def formatar_numero(ano: int, sequencial: int) -> str:
    """Número de inscrição legível: ano + sequencial com 7 dígitos (2026-0001234)."""
    return f"{ano}-{sequencial:0{DIGITOS_NUMERO}d}"


def numero_provisorio() -> str:
    return PREFIXO_PROVISORIO + secrets.token_hex(9)


def ano_local(agora: datetime) -> int:
    return timezone.localtime(agora).year


def dados_publicos(inscricao: Inscricao) -> dict[str, object]:
    """O que pode ir para a auditoria sem expor dado sensível (LGPD, art. 11)."""
    return {
        "numero": inscricao.numero,
        "vaga": inscricao.vaga.codigo,
        "origem": inscricao.origem,
        "situacao": inscricao.situacao,
        "concorre_negros": inscricao.concorre_negros,
        "concorre_pcd": inscricao.concorre_pcd,
        **(
            {"concorre_categorias": list(inscricao.concorre_categorias)}
            if inscricao.concorre_categorias
            else {}
        ),
    }


# ---------------------------------------------------------------- gravação


def _serializar_cpf(*, selecao: Selecao, cpf: str) -> None:
    """Um envio por vez para o mesmo CPF na mesma seleção, até o fim da transação.

    Só ``select_for_update`` na inscrição anterior não basta: sem anterior, não há
    linha a bloquear, e envios simultâneos disputariam a restrição única. No
    PostgreSQL, um bloqueio consultivo pela chave (seleção, CPF); nos outros
    bancos, o bloqueio da linha da seleção.
    """
    if connection.vendor == "postgresql":
        resumo = hashlib.blake2b(f"inscricao:{selecao.pk}:{cpf}".encode(), digest_size=8)
        chave = int.from_bytes(resumo.digest(), "big", signed=True)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [chave])
    else:
        Selecao.objects.select_for_update(of=("self",)).filter(pk=selecao.pk).exists()


def _bloquear_anterior(*, selecao: Selecao, cpf: str) -> Inscricao | None:
    _serializar_cpf(selecao=selecao, cpf=cpf)
    # Só a linha da inscrição (``of``), sem a ordenação padrão, que passa pela seleção:
    # há no máximo uma vigente por CPF na seleção.
    anterior = (
        Inscricao.objects.select_for_update(of=("self",))
        .filter(selecao=selecao, cpf=cpf)
        .exclude(situacao=SituacaoInscricao.SUBSTITUIDA)
        .order_by("pk")
        .first()
    )
    if anterior is not None and anterior.situacao != SituacaoInscricao.ATIVA:
        # Quem envia pode não ser o titular: nem o número nem a situação voltam na página.
        raise InscricaoRecusada(
            "CPF: a inscrição deste CPF nesta seleção não está mais ativa e não pode ser "
            "substituída; procure o RH do órgão.",
            campo="cpf",
        )
    return anterior


def autorizacao_gerar(*, anterior: Inscricao) -> str:
    """Valor assinado do link de substituição (vale 24 h e só para esta inscrição ativa)."""
    return signing.dumps({"i": anterior.pk, "s": anterior.selecao_id}, salt=SALT_AUTORIZACAO)


def inscricao_autorizada(*, selecao: Selecao, autorizacao: str) -> Inscricao | None:
    """Inscrição ativa que o link assinado autoriza a substituir, ou ``None``."""
    if not autorizacao:
        return None
    try:
        dados = signing.loads(autorizacao, salt=SALT_AUTORIZACAO, max_age=VALIDADE_AUTORIZACAO)
    except signing.BadSignature:
        return None
    if not isinstance(dados, dict) or dados.get("s") != selecao.pk:
        return None
    return Inscricao.objects.filter(  # type: ignore[misc]
        pk=dados.get("i"), selecao=selecao, situacao=SituacaoInscricao.ATIVA
    ).first()


def _canal_da_confirmacao(
    anterior: Inscricao, confirmacao: ConfirmacaoSubstituicao | None
) -> str | None:
    """Por onde a substituição foi confirmada ("codigo" ou "link_email"), se foi."""
    if confirmacao is None:
        return None
    codigo = normalizar_codigo(confirmacao.codigo_anterior)
    if codigo and constant_time_compare(codigo, anterior.codigo_verificacao.upper()):
        return "codigo"
    autorizada = inscricao_autorizada(selecao=anterior.selecao, autorizacao=confirmacao.autorizacao)
    if autorizada is not None and autorizada.pk == anterior.pk:
        return "link_email"
    return None


def _salvar_laudo(laudo: UploadedFile, agora: datetime) -> str:
    """Grava o laudo com nome aleatório (o nome original pode conter dados pessoais)."""
    laudo.seek(0)
    local = timezone.localtime(agora)
    nome = f"laudos/{local:%Y/%m}/{secrets.token_hex(16)}.pdf"
    return default_storage.save(nome, ContentFile(laudo.read()))


def _salvar_documento(arquivo: UploadedFile, agora: datetime) -> str:
    """Documento de categoria, com nome aleatório (como o laudo)."""
    arquivo.seek(0)
    local = timezone.localtime(agora)
    nome = f"documentos_categoria/{local:%Y/%m}/{secrets.token_hex(16)}.pdf"
    return default_storage.save(nome, ContentFile(arquivo.read()))


def _validar_declaracoes(
    *,
    selecao: Selecao,
    dados: DadosInscricao,
    laudo: UploadedFile | None,
    documentos: Mapping[str, UploadedFile],
) -> None:
    """Autodeclaração (art. 2º), deficiência e categorias do órgão; recusa com o campo."""
    erros = erros_autodeclaracao(
        cor_raca=dados.cor_raca,
        concorre_negros=dados.concorre_negros,
        pcd=dados.pcd,
        concorre_pcd=dados.concorre_pcd,
        reserva_pcd=selecao.reserva_pcd,
    )
    if erros:
        campo, mensagem = next(iter(erros.items()))
        raise InscricaoRecusada(mensagem, campo=campo)
    if laudo is not None and not dados.pcd:
        raise InscricaoRecusada(
            "Laudo médico: envie o laudo somente se declarar deficiência.", campo="laudo_pcd"
        )
    erros = erros_categorias_do_orgao(
        selecao=selecao, concorre=dados.concorre_categorias, documentos=documentos
    )
    if erros:
        campo, mensagem = next(iter(erros.items()))
        raise InscricaoRecusada(mensagem, campo=campo)


def inscricao_registrar(
    *,
    selecao: Selecao,
    dados: DadosInscricao,
    agora: datetime,
    laudo: UploadedFile | None = None,
    confirmacao: ConfirmacaoSubstituicao | None = None,
    documentos: Mapping[str, UploadedFile] | None = None,
) -> Inscricao:
    """Registra a inscrição on-line; a nova substitui a vigente do mesmo CPF.

    Só dentro do período de inscrições (verificado aqui, com ``agora``). A
    substituição exige ``confirmacao`` pelo canal da inscrição anterior (código
    do comprovante ou link enviado ao e-mail dela): um CPF é dado conhecido e não
    prova quem envia. Sem ela, nada muda e sobe ``SubstituicaoNaoConfirmada``. A
    substituída fica no histórico (``situacao=substituida`` e ``substitui``) e o
    e-mail dela é avisado.
    """
    if not selecao.inscricoes_abertas(agora):
        raise InscricaoRecusada(
            "As inscrições desta seleção não estão abertas: confira o período no edital."
        )
    # Sem ordenação: a da vaga passa pela da seleção, um JOIN e um ORDER BY a cada envio.
    vaga = selecao.vagas.filter(pk=dados.vaga_id).order_by().first()
    if vaga is None:
        raise InscricaoRecusada("Vaga de estágio: escolha uma vaga desta seleção.", campo="vaga")
    documentos = dict(documentos or {})
    _validar_declaracoes(selecao=selecao, dados=dados, laudo=laudo, documentos=documentos)

    arquivo_laudo = _salvar_laudo(laudo, agora) if laudo is not None else ""
    arquivos: dict[str, str] = {}
    try:
        for codigo, arquivo in documentos.items():
            arquivos[codigo] = _salvar_documento(arquivo, agora)
        # Envios simultâneos do mesmo CPF são serializados (_serializar_cpf); a nova
        # tentativa cobre a corrida com uma importação em andamento, que grava em
        # lote sem esse bloqueio: a restrição única recusa e a segunda substitui.
        for tentativa in range(2):
            try:
                with transaction.atomic():
                    return _gravar(
                        selecao=selecao,
                        vaga=vaga,
                        dados=dados,
                        agora=agora,
                        laudo=arquivo_laudo,
                        confirmacao=confirmacao,
                        documentos=arquivos,
                    )
            except IntegrityError as erro:
                if CONSTRAINT_CPF not in str(erro) or tentativa:
                    raise
        raise AssertionError("inalcançável")  # pragma: no cover
    except BaseException:
        # Nada gravado: o laudo (dado sensível) não pode ficar órfão no disco.
        for nome in [arquivo_laudo, *arquivos.values()]:
            if nome:
                default_storage.delete(nome)
        raise


def _gravar(
    *,
    selecao: Selecao,
    vaga: VagaEstagio,
    dados: DadosInscricao,
    agora: datetime,
    laudo: str,
    confirmacao: ConfirmacaoSubstituicao | None,
    documentos: Mapping[str, str] | None = None,
) -> Inscricao:
    anterior = _bloquear_anterior(selecao=selecao, cpf=dados.cpf)
    canal = None
    if anterior is not None:
        canal = _canal_da_confirmacao(anterior, confirmacao)
        if canal is None:
            raise SubstituicaoNaoConfirmada(
                anterior_id=anterior.pk,
                codigo_errado=bool(confirmacao and normalizar_codigo(confirmacao.codigo_anterior)),
            )
        anterior.situacao = SituacaoInscricao.SUBSTITUIDA
        anterior.save(update_fields=["situacao", "atualizada_em"])
    campos = asdict(dados)
    campos.pop("vaga_id")
    campos["concorre_categorias"] = list(dados.concorre_categorias)
    inscricao = Inscricao(
        selecao=selecao,
        vaga=vaga,
        numero=numero_provisorio(),
        codigo_verificacao=gerar_codigo_verificacao(),
        termo_aceito_em=agora,
        criada_em=agora,
        origem=OrigemInscricao.ONLINE,
        situacao=SituacaoInscricao.ATIVA,
        substitui=anterior,
        laudo_pcd=laudo,
        **campos,
    )
    inscricao.save()
    inscricao.numero = formatar_numero(ano_local(agora), inscricao.pk)
    inscricao.save(update_fields=["numero"])
    for codigo, nome in (documentos or {}).items():
        DocumentoCategoria.objects.create(
            inscricao=inscricao, categoria=codigo, arquivo=nome, enviado_em=agora
        )
    inscricao_id = inscricao.pk
    # A caixa de saída antes da auditoria: a trava da cadeia (uma por seleção, que
    # serializa as inscrições da seleção inteira) fica presa só até o commit.
    mensagens.comprovante_enfileirar(inscricao_id=inscricao_id)
    if anterior is not None:
        auditoria.registrar(
            acao="inscricao.substituida",
            objeto=anterior,
            descricao=f"Inscrição {anterior.numero} substituída pela {inscricao.numero}",
            selecao=selecao,
            inscricao_id=anterior.pk,
            antes={"situacao": SituacaoInscricao.ATIVA},
            depois={
                "situacao": SituacaoInscricao.SUBSTITUIDA,
                "substituida_por": inscricao.numero,
                "confirmada_por": canal,
            },
        )
    auditoria.registrar(
        acao="inscricao.criada",
        objeto=inscricao,
        descricao=f"Inscrição {inscricao.numero} pelo formulário on-line",
        selecao=selecao,
        inscricao_id=inscricao.pk,
        depois={**dados_publicos(inscricao), "substitui": anterior.numero if anterior else None},
    )
    if anterior is not None:
        eventos.emitir(eventos.Evento.INSCRICAO_SUBSTITUIDA, inscricao_ids=[anterior.pk])
        anterior_id = anterior.pk
        transaction.on_commit(
            lambda: substituicao_avisar(anterior_id=anterior_id, nova_id=inscricao_id)
        )
    return inscricao


# ---------------------------------------------------------------- comprovante e acessos


def comprovante_enviar(*, inscricao_id: int) -> None:
    """Envia o comprovante por e-mail (backend de e-mail do Django).

    O e-mail leva número, código de verificação e resumo sem dados sensíveis
    (cor/raça e deficiência ficam só na página do comprovante: LGPD, art. 6º, III).
    Falha de envio não desfaz a inscrição, já gravada: fica no log.

    O endereço não foi verificado e pode ser de outra pessoa: o texto é todo do
    sistema (nada do que foi digitado no formulário, nem o nome) e há um teto de
    comprovantes por endereço e por hora; acima dele o comprovante fica só na
    página que se abre ao fim da inscrição.
    """
    inscricao = Inscricao.objects.select_related("selecao__orgao", "vaga").get(pk=inscricao_id)
    if _teto_de_email(f"comprovante:{inscricao.email}", COMPROVANTES_POR_ENDERECO, 60 * 60):
        logger.warning("Teto de comprovantes por endereço: inscrição %s", inscricao.numero)
        return
    contexto = {
        "inscricao": inscricao,
        "codigo": formatar_codigo(inscricao.codigo_verificacao),
        "url_comprovante": settings.SITE_URL
        + reverse(
            "inscricao_publica:comprovante",
            args=[inscricao.numero, inscricao.codigo_verificacao],
        ),
    }
    assunto = " ".join(
        render_to_string("emails/inscricao_comprovante_assunto.txt", contexto).split()
    )
    enviada = correio.mensagem_enviar_agora(
        modelo="inscricao_comprovante",
        para=inscricao.email,
        assunto=assunto,
        corpo=render_to_string("emails/inscricao_comprovante.txt", contexto),
        html=render_to_string("emails/inscricao_comprovante.html", contexto),
        selecao=inscricao.selecao,
        inscricao_id=inscricao.pk,
    )
    # SMTP fora do ar não derruba nada: a falha fica na mensagem (o RH reenvia) e no log.
    if enviada.situacao != SituacaoMensagem.ENVIADA:
        logger.error(
            "Falha ao enviar o comprovante da inscrição %s: %s", inscricao.numero, enviada.erro
        )


def _teto_de_email(chave: str, limite: int, janela_segundos: int) -> bool:
    resumo = hashlib.sha256(chave.lower().encode()).hexdigest()  # o endereço não vai ao cache
    return registrar_tentativa(f"email:{resumo}", limite=limite, janela_segundos=janela_segundos)


def _enviar_texto(*, modelo: str, contexto: dict[str, object], para: str, numero: str) -> None:
    mensagens.texto_enfileirar(modelo=modelo, contexto=contexto, para=para)


def substituicao_solicitar(*, anterior_id: int, agora: datetime) -> None:
    """Pedido de substituição não confirmado: o e-mail da inscrição anterior é avisado.

    O aviso leva o link que autoriza a substituição a quem tem acesso àquele
    e-mail (o titular) e nenhum texto de quem enviou o formulário. Até
    ``AVISOS_POR_INSCRICAO`` avisos por dia: qualquer um dos links serve ao titular.
    """
    anterior = Inscricao.objects.select_related("selecao__orgao").get(pk=anterior_id)
    if anterior.situacao != SituacaoInscricao.ATIVA:
        return
    if _teto_de_email(f"substituicao:{anterior.pk}", AVISOS_POR_INSCRICAO, 24 * 60 * 60):
        return
    link = (
        settings.SITE_URL
        + reverse("inscricao_publica:formulario", args=[anterior.selecao_id])
        + "?"
        + urlencode({"autorizacao": autorizacao_gerar(anterior=anterior)})
    )
    with transaction.atomic():
        auditoria.registrar(
            acao="inscricao.substituicao_solicitada",
            objeto=anterior,
            descricao=f"Nova inscrição com o CPF da {anterior.numero}: aviso ao e-mail anterior",
            selecao=anterior.selecao,
            inscricao_id=anterior.pk,
        )
    contexto = {
        "inscricao": anterior,
        "link": link,
        "agora": timezone.localtime(agora),
        "validade_horas": VALIDADE_AUTORIZACAO // 3600,
    }
    _enviar_texto(
        modelo="inscricao_substituicao_pedido",
        contexto=contexto,
        para=anterior.email,
        numero=anterior.numero,
    )


def substituicao_avisar(*, anterior_id: int, nova_id: int) -> None:
    """Substituição feita: o e-mail da inscrição anterior sempre fica sabendo."""
    anterior = Inscricao.objects.select_related("selecao__orgao").get(pk=anterior_id)
    nova = Inscricao.objects.get(pk=nova_id)
    _enviar_texto(
        modelo="inscricao_substituida",
        contexto={"anterior": anterior, "nova": nova, "selecao": anterior.selecao},
        para=anterior.email,
        numero=anterior.numero,
    )


def acessos_registrar(
    *,
    usuario: User,
    inscricoes: Iterable[Inscricao],
    contexto: str,
    agora: datetime,
) -> int:
    """Registra cada exibição de dado sensível (LGPD, art. 37: registro das operações)."""
    acessos = [
        AcessoDadoSensivel(usuario=usuario, inscricao=i, acessado_em=agora, contexto=contexto[:100])
        for i in inscricoes
    ]
    AcessoDadoSensivel.objects.bulk_create(acessos)
    return len(acessos)
