"""Escopo de acesso do RH: toda consulta passa por aqui.

Um usuário de RH vê somente objetos dos órgãos em que está lotado; um objeto de
outro órgão responde 404 (não revelamos que existe). O papel de membro de comissão
de heteroidentificação (``Papel.COMISSAO``) não entra no escopo do RH: as telas da
comissão pedem ``papeis=PAPEIS_COMISSAO`` e, além do órgão, a participação na
comissão (``heteroidentificacao_comissao``).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Generic, TypeVar, cast

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404

from selecoes.models import Lotacao, Orgao, Papel

M = TypeVar("M", bound=Model)
V = TypeVar("V", bound=Callable[..., HttpResponseBase])
Usuario = User | AnonymousUser

PAPEIS_RH = tuple(p for p in Papel if p.do_rh)
"""Os papéis que abrem as telas do RH (o padrão de todo helper deste módulo)."""
PAPEIS_COMISSAO = (Papel.COMISSAO,)
EDITORES = (Papel.GESTOR, Papel.OPERADOR)


def usuario_autenticado(request: HttpRequest) -> User:
    """O usuário de uma view atrás de ``rh_requerido``/``login_required`` (403 se anônimo)."""
    if not isinstance(request.user, User):
        raise PermissionDenied(MENSAGEM_SEM_LOTACAO)
    return request.user


def lotacoes(usuario: Usuario, papeis: Iterable[Papel] = PAPEIS_RH) -> QuerySet[Lotacao]:
    if not usuario.is_authenticated:
        return Lotacao.objects.none()
    return Lotacao.objects.filter(
        usuario=usuario, papel__in=[p.value for p in papeis]
    ).select_related("orgao")


def e_rh(usuario: Usuario) -> bool:
    """Lotado(a) em algum órgão com um papel do RH: abre as telas do RH."""
    return lotacoes(usuario).exists()


def e_comissao(usuario: Usuario) -> bool:
    """Lotado(a) em algum órgão como membro de comissão: abre as telas da comissão."""
    return lotacoes(usuario, PAPEIS_COMISSAO).exists()


def papeis_por_extenso(papeis: Iterable[Papel]) -> str:
    """("Gestor(a)", "Auditor(a)") → "gestor(a) ou auditor(a)"."""
    nomes = [p.label.lower() for p in papeis]
    return nomes[0] if len(nomes) == 1 else ", ".join(nomes[:-1]) + " ou " + nomes[-1]


MENSAGEM_SEM_LOTACAO = (
    "Esta área é do RH: é preciso ser " + papeis_por_extenso(PAPEIS_RH) + " lotado(a) em um órgão."
)
MENSAGEM_SEM_COMISSAO = (
    "Esta área é das comissões de heteroidentificação: é preciso ser "
    + papeis_por_extenso(PAPEIS_COMISSAO)
    + " lotado(a) em um órgão."
)


def orgaos_do_usuario(usuario: Usuario, papeis: Iterable[Papel] = PAPEIS_RH) -> QuerySet[Orgao]:
    if not usuario.is_authenticated:
        return Orgao.objects.none()
    return Orgao.objects.filter(
        lotacoes__usuario=usuario, lotacoes__papel__in=[p.value for p in papeis]
    ).distinct()


def escopo(
    queryset: QuerySet[M],
    usuario: Usuario,
    *,
    caminho_orgao: str = "orgao",
    papeis: Iterable[Papel] = PAPEIS_RH,
) -> QuerySet[M]:
    """Restringe ``queryset`` aos órgãos do usuário (com um dos ``papeis``).

    ``caminho_orgao`` é o caminho ORM até o órgão: ``"orgao"`` para Selecao,
    ``"selecao__orgao"`` para VagaEstagio e Inscricao, etc.
    """
    if not usuario.is_authenticated:
        return queryset.none()
    filtro = {
        f"{caminho_orgao}__lotacoes__usuario": usuario,
        f"{caminho_orgao}__lotacoes__papel__in": [p.value for p in papeis],
    }
    return queryset.filter(**filtro).distinct()


def escopo_comissao(
    queryset: QuerySet[M], usuario: Usuario, *, caminho_comissao: str = "comissao"
) -> QuerySet[M]:
    """Restringe ``queryset`` ao que é de uma comissão de que o usuário é membro em
    exercício, numa comissão ativa do órgão em que está lotado como membro de comissão
    (issue 15, item 8).

    ``caminho_comissao`` é o caminho ORM até a comissão: ``"comissao"`` para a
    sessão, ``"sessao__comissao"`` para o chamado, ``"comissao_recursal"`` para o
    recurso. Quem não é da comissão recebe 404, como quem é de outro órgão.
    """
    no_orgao = escopo(
        queryset, usuario, caminho_orgao=f"{caminho_comissao}__orgao", papeis=PAPEIS_COMISSAO
    )
    return no_orgao.filter(
        **{
            f"{caminho_comissao}__ativa": True,
            f"{caminho_comissao}__membros__usuario": usuario,
            f"{caminho_comissao}__membros__ativo": True,
        }
    ).distinct()


def obter_no_escopo(
    queryset: QuerySet[M],
    usuario: Usuario,
    *,
    caminho_orgao: str = "orgao",
    papeis: Iterable[Papel] = PAPEIS_RH,
    **busca: Any,
) -> M:
    """Um objeto dentro do escopo do usuário, ou 404."""
    return get_object_or_404(
        escopo(queryset, usuario, caminho_orgao=caminho_orgao, papeis=papeis), **busca
    )


def papel_no_orgao(usuario: Usuario, orgao: Orgao | int) -> Papel | None:
    if not usuario.is_authenticated:
        return None
    orgao_id = orgao.pk if isinstance(orgao, Orgao) else orgao
    papel = (
        Lotacao.objects.filter(usuario=usuario, orgao_id=orgao_id)
        .values_list("papel", flat=True)
        .first()
    )
    return Papel(papel) if papel else None


def exigir_papel(usuario: Usuario, orgao: Orgao | int, papeis: Iterable[Papel]) -> Papel:
    """Papel do usuário no órgão, se for um dos ``papeis``; senão 403 (ou 404 sem lotação)."""
    papel = papel_no_orgao(usuario, orgao)
    if papel is None:
        raise Http404
    _conferir_papel(papel, papeis)
    return papel


def _conferir_papel(papel: Papel, papeis: Iterable[Papel]) -> None:
    if papel not in tuple(papeis):
        raise PermissionDenied(
            f"Esta ação é de {papeis_por_extenso(papeis)} do órgão; "
            f"seu papel neste órgão é {papel.label.lower()}."
        )


@dataclass(frozen=True)
class Acesso(Generic[M]):
    """O objeto pedido pelo RH e o papel do usuário no órgão dele, lidos juntos."""

    objeto: M
    papel: Papel

    @property
    def pode_editar(self) -> bool:
        return self.papel.pode_editar

    @property
    def ve_dados_sensiveis(self) -> bool:
        return self.papel.ve_dados_sensiveis

    def exigir(self, papeis: Iterable[Papel]) -> None:
        """403, com o papel por extenso, se a ação não é de quem tem este papel."""
        _conferir_papel(self.papel, papeis)

    def contexto(self) -> dict[str, Any]:
        """``papel``, ``pode_editar`` e ``eh_gestor`` para os templates do RH."""
        return {
            "papel": self.papel,
            "pode_editar": self.pode_editar,
            "eh_gestor": self.ve_dados_sensiveis,
        }


def obter_com_papel(
    queryset: QuerySet[M],
    usuario: Usuario,
    *,
    caminho_orgao: str = "orgao",
    exigir: Iterable[Papel] | None = None,
    **busca: Any,
) -> Acesso[M]:
    """O objeto no escopo do usuário (404 fora dele) e o papel do usuário no órgão do
    objeto; com ``exigir``, 403 se o papel não é um desses. Substitui a sequência
    ``obter_no_escopo`` + ``papel_no_orgao``/``exigir_papel``/``pode_editar``."""
    objeto = obter_no_escopo(queryset, usuario, caminho_orgao=caminho_orgao, **busca)
    papel = papel_no_orgao(usuario, _orgao_id(objeto, caminho_orgao))
    if papel is None:
        raise Http404
    acesso = Acesso(objeto, papel)
    if exigir is not None:
        acesso.exigir(exigir)
    return acesso


def _orgao_id(objeto: Model, caminho_orgao: str) -> int:
    """Segue ``caminho_orgao`` (``"selecao__orgao"``) até o id do órgão, sem consulta
    quando as relações já vieram no ``select_related``."""
    *relacoes, ultimo = caminho_orgao.split("__")
    alvo: Any = objeto
    for nome in relacoes:
        alvo = getattr(alvo, nome)
    return int(getattr(alvo, f"{ultimo}_id"))


def ve_dados_sensiveis(usuario: Usuario, orgao: Orgao | int) -> bool:
    papel = papel_no_orgao(usuario, orgao)
    return papel is not None and papel.ve_dados_sensiveis


def pode_editar(usuario: Usuario, orgao: Orgao | int) -> bool:
    papel = papel_no_orgao(usuario, orgao)
    return papel is not None and papel.pode_editar


def _lotacao_requerida(view: V, tem: Callable[[Usuario], bool], mensagem: str) -> V:
    @wraps(view)
    def _view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        if not tem(request.user):
            raise PermissionDenied(mensagem)
        return view(request, *args, **kwargs)

    return cast(V, _view)


def rh_requerido(view: V) -> V:
    """Exige login e ao menos uma lotação com papel do RH."""
    return _lotacao_requerida(view, e_rh, MENSAGEM_SEM_LOTACAO)


def comissao_requerida(view: V) -> V:
    """Exige login e ao menos uma lotação de membro de comissão (issue 15, item 8)."""
    return _lotacao_requerida(view, e_comissao, MENSAGEM_SEM_COMISSAO)
