"""Admin: configuração (órgãos, lotações) editável e auditada; estado do domínio só leitura.

Toda mudança de uma seleção, inscrição, convocação ou resultado passa pelas telas,
que chamam os serviços (transação, regras, auditoria). O admin não tem esse
caminho; por isso mostra esses modelos sem adicionar, editar nem excluir, e as
tabelas publicadas (versões do edital e de resultado, trilha de auditoria) são,
além disso, somente de acréscimo no banco (``selecoes/imutavel.py``).
"""

from typing import Any

from django.contrib import admin
from django.db import transaction
from django.db.models import Model, QuerySet
from django.forms import BaseInlineFormSet, ModelForm
from django.http import HttpRequest

from selecoes import acesso, auditoria
from selecoes.govbr import services as govbr_services
from selecoes.models import (
    CpfServidor,
    CriterioAvaliacao,
    Lotacao,
    Orgao,
    RegistroAuditoria,
    Selecao,
    VagaEstagio,
    VersaoEdital,
)
from selecoes.validators import mascarar_cpf


class SomenteLeituraAdmin(admin.ModelAdmin):
    """Consulta sem escrita: nem adicionar, nem editar, nem excluir (nem em lote)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SomenteLeituraInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _dados(objeto: Model) -> dict[str, Any]:
    return {f.attname: getattr(objeto, f.attname) for f in objeto._meta.concrete_fields}


def _registrar(request: HttpRequest, objeto: Model, verbo: str, antes: Any, depois: Any) -> None:
    """Mudança de configuração pelo admin: mesma trilha das telas, autor da sessão."""
    meta = objeto._meta
    orgao = objeto if isinstance(objeto, Orgao) else getattr(objeto, "orgao", None)
    if verbo == "excluido" and isinstance(objeto, Orgao):
        orgao = None  # o registro não pode proteger (PROTECT) o órgão que sai
    auditoria.registrar(
        acao=f"admin.{meta.model_name}.{verbo}",
        objeto=objeto,
        orgao=orgao,
        usuario=request.user,
        descricao=f"Admin: {meta.verbose_name} {objeto} {verbo}",
        antes={k: str(v) for k, v in antes.items()} if antes else None,
        depois={k: str(v) for k, v in depois.items()} if depois else None,
    )


class AuditadoAdmin(admin.ModelAdmin):
    """Cada inclusão, alteração ou exclusão (também nas linhas embutidas) vira um
    registro de auditoria na mesma transação."""

    def save_model(self, request: HttpRequest, obj: Any, form: ModelForm, change: bool) -> None:
        antes = _dados(type(obj).objects.get(pk=obj.pk)) if change else None
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            _registrar(request, obj, "alterado" if change else "criado", antes, _dados(obj))

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with transaction.atomic():
            _registrar(request, obj, "excluido", _dados(obj), None)
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        with transaction.atomic():
            for obj in queryset:
                self.delete_model(request, obj)

    def save_formset(
        self, request: HttpRequest, form: ModelForm, formset: BaseInlineFormSet, change: bool
    ) -> None:
        with transaction.atomic():
            instancias = formset.save(commit=False)
            for obj in formset.deleted_objects:
                _registrar(request, obj, "excluido", _dados(obj), None)
                obj.delete()
            for obj in instancias:
                nova = obj._state.adding
                antes = None if nova else _dados(type(obj).objects.get(pk=obj.pk))
                obj.save()
                _registrar(request, obj, "criado" if nova else "alterado", antes, _dados(obj))
            formset.save_m2m()


class LotacaoInline(admin.TabularInline):
    model = Lotacao
    extra = 0


@admin.register(Orgao)
class OrgaoAdmin(AuditadoAdmin):
    list_display = ["sigla", "nome", "cnpj"]
    search_fields = ["sigla", "nome", "cnpj"]
    inlines = [LotacaoInline]


@admin.register(Lotacao)
class LotacaoAdmin(AuditadoAdmin):
    list_display = ["usuario", "orgao", "papel"]
    list_filter = ["papel", "orgao"]


class VagaInline(SomenteLeituraInline):
    model = VagaEstagio


@admin.register(Selecao)
class SelecaoAdmin(SomenteLeituraAdmin):
    list_display = ["numero_edital", "titulo", "orgao", "situacao", "data_publicacao_edital"]
    list_filter = ["situacao", "orgao"]
    inlines = [VagaInline]


@admin.register(CriterioAvaliacao)
class CriterioAvaliacaoAdmin(SomenteLeituraAdmin):
    list_display = ["selecao", "codigo", "nome"]


@admin.register(VersaoEdital)
class VersaoEditalAdmin(SomenteLeituraAdmin):
    list_display = ["selecao", "numero", "publicada_em", "hash_conteudo"]


@admin.register(RegistroAuditoria)
class RegistroAuditoriaAdmin(SomenteLeituraAdmin):
    list_display = ["criado_em", "usuario_nome", "acao", "descricao", "sequencia"]
    list_filter = ["acao"]


@admin.register(CpfServidor)
class CpfServidorAdmin(AuditadoAdmin):
    """O administrador registra o CPF de qualquer usuário (o gestor, pela tela do RH)."""

    list_display = ["usuario", "cpf_mascarado"]
    search_fields = ["usuario__username"]
    autocomplete_fields = ["usuario"]

    def save_model(self, request: HttpRequest, obj: Any, form: ModelForm, change: bool) -> None:
        # Pelo serviço: a trilha guarda o CPF mascarado, nunca inteiro.
        govbr_services.cpf_servidor_registrar(
            autor=acesso.usuario_autenticado(request), usuario=obj.usuario, cpf=obj.cpf
        )

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with transaction.atomic():
            auditoria.registrar(
                acao="admin.cpfservidor.excluido",
                objeto=obj,
                usuario=request.user,
                descricao=f"Admin: CPF do usuário nº {obj.usuario_id} excluído",
                antes={"cpf": mascarar_cpf(obj.cpf)},
            )
            obj.delete()

    @admin.display(description="CPF")
    def cpf_mascarado(self, obj: CpfServidor) -> str:
        return mascarar_cpf(obj.cpf)
