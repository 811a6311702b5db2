"""Serviços (escritas) do cadastro de empresas do art. 6º, com trilha de auditoria."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from relatorios.models import EmpresaTerceirizada
from selecoes import acesso, auditoria

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
