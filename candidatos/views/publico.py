"""Páginas públicas (sem login): seleções, resultados e "Minha situação"."""

import hashlib
import re

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.views.decorators.http import require_http_methods, require_safe

from candidatos.forms.publico import ConsultaSituacaoForm, FiltroSelecoesForm
from candidatos.selectors import publico as sel
from candidatos.selectors.area_candidato import area_do_candidato
from candidatos.selectors.publico.convocacoes import (
    ChamadaPublica,
    chamadas_da_vaga,
    vaga_da_versao,
)
from candidatos.selectors.publico.memoria import MemoriaLocal
from candidatos.services import acesso_candidato
from candidatos.services.heteroidentificacao import candidato as hetero_candidato
from candidatos.views import area_candidato
from selecoes import cache as cache_compartilhado
from selecoes.limites import ip_do_cliente, limitar
from selecoes.models import CriterioAvaliacao, Selecao
from selecoes.selectors import chamadas_da_selecao, quadro_reserva

POR_PAGINA_SELECOES = 20
TEMPO_CACHE_RESULTADO = 15 * 60
TENTATIVAS_POR_MINUTO = 10


@require_safe
def inicio(request: HttpRequest) -> HttpResponse:
    agora = timezone.now()
    contexto = {
        "secao": "inicio",
        "abertas": sel.selecoes_com_inscricoes_abertas(agora=agora),
    }
    return render(request, "inicio.html", contexto)


@require_safe
def selecoes(request: HttpRequest) -> HttpResponse:
    form = FiltroSelecoesForm(request.GET)
    filtros = form.filtros()
    lista = sel.selecoes_publicas(filtros=filtros, agora=timezone.now())
    pagina = Paginator(lista, POR_PAGINA_SELECOES).get_page(request.GET.get("page"))
    contexto = {
        "secao": "selecoes",
        "form": form,
        "filtrando": any(vars(filtros).values()),
        "page_obj": pagina,
    }
    return render(request, "publico/selecoes.html", contexto)


def _selecao_ou_404(pk: int) -> Selecao:
    selecao = sel.selecao_publicada(pk=pk)
    if selecao is None:
        raise Http404("Seleção não encontrada.")
    return selecao


@require_safe
def selecao(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = _selecao_ou_404(pk)
    agora = timezone.now()
    quadro = quadro_reserva(selecao)
    versoes_edital = sel.versoes_do_edital(selecao=selecao)
    versoes = sel.versoes_resultado(selecao_id=selecao.pk, agora=agora)
    contexto = {
        "secao": "selecoes",
        "selecao": selecao,
        "inscricoes_abertas": selecao.inscricoes_abertas(agora),
        "url_inscricao": reverse("inscricao_publica:formulario", args=[selecao.pk]),
        "quadro": quadro,
        "chamadas": chamadas_da_selecao(selecao),
        "criterios": sel.criterios_desempate(selecao=selecao),
        "versoes_edital": versoes_edital,
        "versoes": versoes,
        "vigente": sel.versao_vigente(versoes),
        "fases": sel.cronograma(
            selecao=selecao,
            versoes_edital=versoes_edital,
            versoes_resultado=versoes,
            agora=agora,
            anuncios=sel.anuncios_sorteio(selecao=selecao),
        ),
    }
    return render(request, "publico/selecao.html", contexto)


@require_safe
def resultados(request: HttpRequest, pk: int, versao: str = "atual") -> HttpResponse:
    """Versões publicadas (histórico) e as vagas da versão escolhida."""
    selecao = _selecao_ou_404(pk)
    versoes = sel.versoes_resultado(selecao_id=pk, agora=timezone.now())
    escolhida = sel.versao_pelo_slug(versoes, versao)
    if versoes and escolhida is None:
        raise Http404("Versão de resultado não encontrada.")
    contexto = {
        "secao": "selecoes",
        "selecao": selecao,
        "versoes": list(reversed(versoes)),
        "versao": escolhida,
        "vigente": sel.versao_vigente(versoes),
        "resultado": sel.resultado_publicado(escolhida) if escolhida else None,
    }
    return render(request, "publico/resultados.html", contexto)


def _pode_usar_cache(request: HttpRequest) -> bool:
    """Página igual para todos: sem sessão nem mensagens pendentes de quem pede."""
    return settings.SESSION_COOKIE_NAME not in request.COOKIES and "messages" not in request.COOKIES


# Páginas prontas: primeiro no processo, depois no Redis (compartilhado entre processos).
_paginas: MemoriaLocal[tuple[str, bytes]] = MemoriaLocal(capacidade=512)
_RECUO = re.compile(r"\n\s+")


def _pagina_guardada(chave: str, impressao: str) -> bytes | None:
    guardada = _paginas.obter(chave)
    if guardada is None:
        guardada = cache_compartilhado.obter(chave)
        if guardada is not None:
            _paginas.guardar(chave, guardada, TEMPO_CACHE_RESULTADO)
    if guardada is not None and guardada[0] == impressao:
        return guardada[1]
    return None


def _guardar_pagina(chave: str, impressao: str, html: bytes) -> None:
    _paginas.guardar(chave, (impressao, html), TEMPO_CACHE_RESULTADO)
    cache_compartilhado.guardar(chave, (impressao, html), TEMPO_CACHE_RESULTADO)


@require_safe
def resultado_vaga(
    request: HttpRequest, pk: int, versao: str, codigo: str, lista: str = "classificacao"
) -> HttpResponse:
    """Uma lista de uma vaga numa versão publicada, 50 por página, com o estado atual.

    A página guardada leva a impressão do que a gerou (versão exibida, versão vigente
    e estado vivo da vaga) e só é servida enquanto a impressão confere: publicar outra
    versão ou mudar uma convocação troca a impressão, e a página é refeita.
    """
    estado = sel.estado_publico(selecao_id=pk, agora=timezone.now())
    escolhida = sel.versao_pelo_slug(list(estado.versoes), versao)
    if escolhida is None:
        raise Http404("Versão de resultado não encontrada.")
    termo = request.GET.get("q", "").strip()[:100]
    numero_pagina = request.GET.get("page", "1")[:10]
    impressao = estado.impressao(escolhida, codigo)
    chave = (
        "publico:resultado:"
        + hashlib.sha256(
            repr((pk, escolhida.id, codigo, lista, termo, numero_pagina)).encode()
        ).hexdigest()
    )
    usar_cache = _pode_usar_cache(request)
    if usar_cache and (html := _pagina_guardada(chave, impressao)) is not None:
        return HttpResponse(html)

    resultado = sel.resultado_publicado(escolhida)
    vaga = resultado.vagas.get(codigo)
    if vaga is None or lista not in dict(vaga.listas_disponiveis):
        raise Http404("Vaga ou lista não encontrada nesta versão.")
    estados = estado.situacoes.get(codigo, {})
    busca_por_cpf = sel.parece_cpf(termo)
    linhas = () if busca_por_cpf else sel.buscar(vaga.linhas[lista], termo)
    pagina = Paginator(linhas, sel.POR_PAGINA_RESULTADO).get_page(numero_pagina)
    contexto = {
        "secao": "selecoes",
        "selecao_id": pk,
        "resultado": resultado,
        "versao": escolhida,
        "vigente": estado.vigente,
        "versoes": list(reversed(estado.versoes)),
        "vaga": vaga,
        "lista": lista,
        "rotulo_lista": dict(vaga.listas_disponiveis)[lista],
        "base_legal_lista": vaga.bases_legais.get(lista, ""),
        "lista_so_numeros": lista in vaga.so_numeros,
        "termo": "" if busca_por_cpf else termo,
        "busca_por_cpf": busca_por_cpf,
        "total": len(linhas),
        "page_obj": pagina,
        "linhas": [(linha, estados.get(linha.inscricao, "")) for linha in pagina],
        "chamadas": _chamadas(escolhida.id, codigo) if lista == "convocacao" else (),
        # Congeladas com a base legal depois do resultado (selecoes.services).
        "casas_nota": CriterioAvaliacao.casas_nota_final(pk),
    }
    # Sem o recuo das linhas a página fica ~25% menor (a página não tem <pre> nem <textarea>).
    texto = render_to_string("publico/resultado_vaga.html", contexto, request=request)
    html = _RECUO.sub("\n", texto).encode()
    if usar_cache:
        _guardar_pagina(chave, impressao, html)
    return HttpResponse(html)


def _chamadas(versao_id: int, codigo: str) -> tuple[ChamadaPublica, ...]:
    vaga_id = vaga_da_versao(versao_id=versao_id, codigo=codigo)
    return chamadas_da_vaga(vaga_id=vaga_id) if vaga_id is not None else ()


def _chaves_da_consulta(request: HttpRequest) -> list[str]:
    """10 tentativas por minuto por IP, nunca pelo número de inscrição.

    O número é público (listas de resultado): contá-lo deixaria qualquer um
    bloquear o titular com dez tentativas erradas (issue 16, item 4). Adivinhar
    não compensa: o código tem 60 bits e o CPF só mostra a situação.
    """
    return [f"ip:{ip_do_cliente(request)}"]


@require_http_methods(["GET", "HEAD", "POST"])
@limitar("minha_situacao", limite=TENTATIVAS_POR_MINUTO, chaves=_chaves_da_consulta)
def minha_situacao(request: HttpRequest) -> HttpResponse:
    """Consulta da própria situação por número de inscrição e CPF (ou código do comprovante).

    Com o código, abre a área do candidato nesta sessão (``views/area_candidato.py``):
    recurso, defesa, desistência e contato. Com o CPF, só a situação.
    """
    form = ConsultaSituacaoForm(request.POST or None)
    situacao = None
    area = None
    nao_encontrada = False
    agora = timezone.now()
    inscricao_id: int | None = None
    pelo_codigo = False
    pedido_link = ""
    sessoes_hetero: tuple[hetero_candidato.SessaoDoCandidato, ...] = ()
    if request.method == "POST" and form.is_valid():
        inscricao_id = sel.localizar_inscricao(**form.cleaned_data)
        if inscricao_id is None:
            nao_encontrada = True
            # O CPF e o código digitados não voltam na página.
            form = ConsultaSituacaoForm(initial={"numero": form.cleaned_data["numero"]})
        else:
            pelo_codigo = bool(form.cleaned_data["codigo"])
            if pelo_codigo:
                area_candidato.entrar(request, inscricao_id)
    elif request.method != "POST":
        inscricao_id = area_candidato.inscricao_da_area(request)
        pelo_codigo = inscricao_id is not None
    if inscricao_id is not None:
        situacao = sel.situacao_do_candidato(
            inscricao_id=inscricao_id, agora=agora, pelo_codigo=pelo_codigo
        )
        sessoes_hetero = hetero_candidato.sessoes_do_candidato(inscricao_id, agora=agora)
        if pelo_codigo:
            area = area_do_candidato(inscricao_id=inscricao_id, agora=agora)
        else:
            pedido_link = acesso_candidato.pedido_assinar(inscricao_id=inscricao_id)
    contexto = {
        "secao": "minha_situacao",
        "form": form,
        "situacao": situacao,
        "area": area,
        "sessoes_hetero": sessoes_hetero,
        "pedido_link": pedido_link,
        "nao_encontrada": nao_encontrada,
    }
    resposta = render(request, "publico/minha_situacao.html", contexto)
    add_never_cache_headers(resposta)
    patch_cache_control(resposta, private=True)
    return resposta
