"""Cada recusa da entrada pelo gov.br: título, explicação em pt-BR e status HTTP."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class Recusa:
    titulo: str
    explicacao: str
    status: int


class Motivo(Enum):
    NAO_CONFIGURADO = Recusa(
        "Entrar com gov.br não está disponível",
        "Este sistema ainda não foi ligado ao gov.br. Use a consulta por número de "
        "inscrição e CPF (candidatos) ou o login por senha (RH).",
        404,
    )
    INDISPONIVEL = Recusa(
        "O gov.br não respondeu",
        "Não conseguimos falar com o gov.br agora. Tente de novo em alguns minutos.",
        503,
    )
    CANCELADO = Recusa(
        "Entrada pelo gov.br não concluída",
        "O gov.br informou que a entrada não foi autorizada (por exemplo, porque você "
        "cancelou). Nada foi gravado.",
        403,
    )
    ESTADO = Recusa(
        "Pedido de entrada não reconhecido",
        "A resposta do gov.br não corresponde a um pedido de entrada feito neste "
        "navegador (o parâmetro de segurança “state” não confere ou já foi usado). "
        "Isso acontece ao voltar a uma página antiga ou abrir um link de outra pessoa.",
        400,
    )
    ESTADO_VENCIDO = Recusa(
        "Pedido de entrada expirado",
        "Passaram mais de 15 minutos entre o pedido e a volta do gov.br.",
        400,
    )
    CODIGO_RECUSADO = Recusa(
        "Código de autorização recusado",
        "O gov.br não aceitou o código de autorização: ele vale uma só vez e por pouco "
        "tempo (um código reaproveitado ou vencido é sempre recusado).",
        400,
    )
    TOKEN_INVALIDO = Recusa(
        "Identificação do gov.br inválida",
        "A identificação devolvida pelo gov.br não passou na verificação de assinatura, "
        "emissor ou destinatário. Por segurança, a entrada foi recusada.",
        400,
    )
    TOKEN_VENCIDO = Recusa(
        "Identificação do gov.br vencida",
        "A identificação devolvida pelo gov.br já estava vencida. Confira se o relógio "
        "deste computador está certo e entre de novo.",
        400,
    )
    NONCE = Recusa(
        "Identificação do gov.br de outro pedido",
        "A identificação devolvida pelo gov.br foi emitida para outro pedido de entrada "
        "(o “nonce” não confere). Por segurança, a entrada foi recusada.",
        400,
    )
    SEM_CPF = Recusa(
        "O gov.br não informou um CPF válido",
        "A conta gov.br usada não trouxe um CPF válido, e é pelo CPF que o sistema "
        "encontra suas inscrições e sua lotação.",
        403,
    )
    SEM_CADASTRO_RH = Recusa(
        "CPF sem cadastro no RH",
        "Seu CPF não está cadastrado para nenhum(a) servidor(a) de RH deste sistema. "
        "Peça ao(à) gestor(a) de RH do seu órgão (ou ao administrador) que registre o "
        "seu CPF no seu usuário.",
        403,
    )
    SEM_LOTACAO = Recusa(
        "Sem acesso à área do RH",
        "Você entrou com gov.br, mas não está lotado(a) em nenhum órgão: sem lotação "
        "não há acesso às telas do RH. Peça ao administrador do sistema a lotação "
        "(gestor(a), operador(a) ou auditor(a)) de que precisa.",
        403,
    )
    NIVEL_BAIXO = Recusa(
        "Nível da conta gov.br insuficiente para o RH",
        "A área do RH exige conta gov.br de nível {minimo} ou superior, e a sua está no "
        "nível {atual}. Eleve o nível da conta no aplicativo ou no site do gov.br "
        "(validação facial, banco credenciado ou certificado digital) e entre de novo.",
        403,
    )
    NIVEL_INDISPONIVEL = Recusa(
        "Nível da conta gov.br não informado",
        "Não conseguimos consultar o nível da sua conta no gov.br, exigido para a área "
        "do RH. Tente de novo em alguns minutos.",
        503,
    )


class FalhaGovBr(Exception):
    def __init__(self, motivo: Motivo, **detalhes: str) -> None:
        super().__init__(motivo.name)
        self.motivo = motivo
        self.detalhes = detalhes

    @property
    def titulo(self) -> str:
        return self.motivo.value.titulo

    @property
    def explicacao(self) -> str:
        return self.motivo.value.explicacao.format(**self.detalhes)

    @property
    def status(self) -> int:
        return self.motivo.value.status
