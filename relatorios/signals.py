"""Documentos refeitos quando os dados mudam (ligados em ``RelatoriosConfig.ready``).

Os receptores só agendam, para depois do commit, uma chamada de serviço com ids:
o documento nunca lê um estado não gravado, e uma falha aqui nunca desfaz a
publicação de quem mudou os dados. Se o processo cair entre o commit e a
reação, as páginas públicas e a página de documentos do RH pedem o documento
que faltar.
"""

from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete, post_save

from candidatos.models import Inscricao, ResultadoVersao
from relatorios import services
from selecoes.models import Selecao, VagaEstagio, VersaoEdital


def resultado_publicado(sender: type, instance: ResultadoVersao, created: bool, **kw: Any) -> None:
    """Nova versão de resultado: sua lista em PDF é gerada (a versão é imutável)."""
    if created and not kw.get("raw"):
        transaction.on_commit(partial(services.ao_publicar_resultado, versao_id=instance.pk))


def edital_publicado(sender: type, instance: VersaoEdital, created: bool, **kw: Any) -> None:
    """Publicação ou retificação do edital: o anexo é (re)feito."""
    if created and not kw.get("raw"):
        transaction.on_commit(
            partial(services.ao_publicar_versao_edital, selecao_id=instance.selecao_id)
        )


def selecao_alterada(sender: type, instance: Selecao, **kw: Any) -> None:
    """Antes da publicação, a prévia do anexo (se houver) acompanha a seleção."""
    if not kw.get("raw"):
        transaction.on_commit(partial(services.ao_alterar_rascunho, selecao_id=instance.pk))


def vaga_alterada(sender: type, instance: VagaEstagio, **kw: Any) -> None:
    if not kw.get("raw"):
        transaction.on_commit(partial(services.ao_alterar_rascunho, selecao_id=instance.selecao_id))


def inscricao_alterada(sender: type, instance: Inscricao, created: bool, **kw: Any) -> None:
    """Inscrição alterada ou substituída (a antiga é salva como substituída)."""
    if not created and not kw.get("raw"):
        transaction.on_commit(partial(services.ao_alterar_inscricao, inscricao_id=instance.pk))


def conectar() -> None:
    uid = "relatorios.documentos"
    post_save.connect(resultado_publicado, sender=ResultadoVersao, dispatch_uid=f"{uid}.resultado")
    post_save.connect(edital_publicado, sender=VersaoEdital, dispatch_uid=f"{uid}.edital")
    post_save.connect(selecao_alterada, sender=Selecao, dispatch_uid=f"{uid}.selecao")
    post_save.connect(vaga_alterada, sender=VagaEstagio, dispatch_uid=f"{uid}.vaga")
    post_delete.connect(vaga_alterada, sender=VagaEstagio, dispatch_uid=f"{uid}.vaga_apagada")
    post_save.connect(inscricao_alterada, sender=Inscricao, dispatch_uid=f"{uid}.inscricao")
