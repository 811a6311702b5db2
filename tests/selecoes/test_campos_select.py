"""``SelectLongo``: o mesmo HTML do ``Select`` do Django, sem um modelo por opção."""

import re

from django import forms
from django.forms.renderers import get_default_renderer

from selecoes.forms.campos import SelectLongo


def _normalizar(html):
    return re.sub(r">\s+<", "><", str(html)).strip()


OPCOES = [("", "Selecione"), (1, "A — Direito"), (2, 'B — "Adm" <1> & cia'), (3, "C — d'Aliança")]


def test_select_longo_igual_ao_do_django_com_valor_atributos_e_escape():
    attrs = {"id": "id_vaga", "aria-describedby": "id_vaga_ajuda", "required": True}
    for valor in (None, "", 2, "3", [1]):
        esperado = forms.Select(choices=OPCOES).render("vaga", valor, attrs)
        obtido = SelectLongo(choices=OPCOES).render("vaga", valor, attrs)
        assert _normalizar(obtido) == _normalizar(esperado), valor


def test_select_longo_com_grupos_usa_o_widget_do_django():
    grupos = [("Norte", [(1, "Belém"), (2, "Manaus")]), ("Sul", [(3, "Curitiba")])]
    obtido = SelectLongo(choices=grupos).render("vaga", 3, {}, get_default_renderer())
    assert '<optgroup label="Norte">' in obtido
    assert _normalizar(obtido) == _normalizar(forms.Select(choices=grupos).render("vaga", 3, {}))


def test_select_longo_opcoes_de_chamavel_lidas_quando_desenhado():
    lidas = []

    def opcoes():
        lidas.append(1)
        return OPCOES

    widget = SelectLongo(choices=opcoes)
    assert lidas == []
    assert '<option value="1" selected>A — Direito</option>' in widget.render("vaga", 1, {})
