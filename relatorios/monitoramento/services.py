"""Serviços (escritas) do monitoramento: cadastro de empresas do art. 6º, com trilha de
auditoria, e o pedido do relatório anual em PDF (art. 5º)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from relatorios.documentos.services import documento_solicitar
from relatorios.models import Documento, EmpresaTerceirizada, TipoDocumento
from relatorios.monitoramento import selectors
from relatorios.monitoramento.indicadores.painel import Painel
from selecoes import acesso, auditoria
from selecoes.models import NivelEnsino

CAMPOS_AUDITADOS = (
    "cnpj",
    "razao_social",
    "porte",
    "numero_contrato",
    "objeto_contrato",
    "empregados_formacao",
    "aprendizes",
    "data_referencia",
    "comprovante",
)


def retrato(empresa: EmpresaTerceirizada) -> dict[str, Any]:
    """Estado gravado na auditoria (o ``antes`` de uma alteração)."""
    dados = {campo: getattr(empresa, campo) for campo in CAMPOS_AUDITADOS}
    dados["data_referencia"] = dados["data_referencia"].isoformat()
    dados["comprovante"] = dados["comprovante"].name if dados["comprovante"] else ""
    dados["situacao_cota"] = empresa.cota.situacao.value
    return dados


def empresa_salvar(
    *, empresa: EmpresaTerceirizada, usuario: acesso.Usuario, antes: dict[str, Any] | None = None
) -> EmpresaTerceirizada:
    """Grava a comprovação (nova ou alterada) e o registro de auditoria, juntos."""
    acesso.exigir_papel(usuario, empresa.orgao_id, acesso.EDITORES)
    criando = empresa.pk is None
    with transaction.atomic():
        if criando and usuario.is_authenticated:
            empresa.criado_por = usuario
        empresa.save()
        auditoria.registrar(
            acao="empresa_art6_cadastrada" if criando else "empresa_art6_alterada",
            objeto=empresa,
            descricao=f"Empresa {empresa.razao_social} ({empresa.cnpj_formatado}): "
            f"{empresa.cota.situacao.rotulo}",
            usuario=usuario,
            orgao=empresa.orgao,
            antes=antes,
            depois=retrato(empresa),
        )
    return empresa


def empresa_excluir(*, empresa: EmpresaTerceirizada, usuario: acesso.Usuario) -> None:
    acesso.exigir_papel(usuario, empresa.orgao_id, acesso.EDITORES)
    with transaction.atomic():
        auditoria.registrar(
            acao="empresa_art6_excluida",
            objeto=empresa,
            descricao=f"Empresa {empresa.razao_social} ({empresa.cnpj_formatado}) excluída",
            usuario=usuario,
            orgao=empresa.orgao,
            antes=retrato(empresa),
        )
        empresa.delete()


def relatorio_anual_solicitar(*, painel: Painel, usuario: acesso.Usuario) -> Documento:
    """Pede (ou refaz, com os dados de agora) o PDF do relatório anual do painel."""
    orgao = selectors.orgao_do_relatorio_anual(painel, usuario)
    filtros = [NivelEnsino(painel.nivel).label if painel.nivel else "", painel.uf]
    sufixo = "".join(f" — {f}" for f in filtros if f)
    abrangencia = orgao.sigla if orgao else "todos os órgãos"
    return documento_solicitar(
        tipo=TipoDocumento.RELATORIO_ANUAL,
        chave=(
            f"relatorio_anual:{orgao.pk if orgao else 'todos'}:{painel.ano}:"
            f"{painel.nivel or '-'}:{painel.uf or '-'}"
        ),
        titulo=f"Relatório anual de monitoramento {painel.ano} — {abrangencia}{sufixo}",
        orgao=orgao,
        parametros={
            "ano": painel.ano,
            "orgao_ids": [orgao.pk] if orgao else None,
            "orgao_id": orgao.pk if orgao else None,
            "nivel": painel.nivel,
            "uf": painel.uf,
        },
        usuario=usuario,
        motivo_regeneracao="Novo pedido: relatório refeito com os dados atuais.",
    )
