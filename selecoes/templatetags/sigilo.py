"""``{{ inscricao.numero|codigo_lista:categoria.categoria }}``: o código de lista da
inscrição numa categoria sem nomes (LGPD, art. 11; ``selecoes.sigilo``). Só nas
telas do próprio candidato (comprovante, "Minha situação") e do RH."""

from django import template

from selecoes import sigilo

register = template.Library()


@register.filter
def codigo_lista(numero: str, categoria: str) -> str:
    return sigilo.codigo_lista(numero, categoria)
