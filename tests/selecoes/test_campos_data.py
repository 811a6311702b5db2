"""Um só par de widgets de data (selecoes.forms.campos) em todos os formulários."""

import datetime as dt
import importlib
import pkgutil

import pytest
from django import forms

from selecoes.forms.campos import DataHoraInput, DataInput

APPS = ("selecoes", "candidatos", "relatorios")
MODULOS_DE_FORMULARIOS = ("selecoes.forms", "candidatos.forms", "relatorios.monitoramento.forms")


def _formularios() -> list[type[forms.BaseForm]]:
    for nome in MODULOS_DE_FORMULARIOS:
        pacote = importlib.import_module(nome)
        caminho = getattr(pacote, "__path__", None)
        if caminho:
            for modulo in pkgutil.iter_modules(caminho):
                importlib.import_module(f"{nome}.{modulo.name}")
    vistos: list[type[forms.BaseForm]] = []
    pendentes: list[type] = [forms.Form, forms.ModelForm]
    while pendentes:
        classe = pendentes.pop()
        for filha in classe.__subclasses__():
            pendentes.append(filha)
            if filha.__module__.split(".")[0] in APPS and filha not in vistos:
                vistos.append(filha)
    return vistos


def _campos_de_data():
    for formulario in _formularios():
        for nome, campo in formulario.base_fields.items():
            if isinstance(campo, forms.DateField | forms.DateTimeField):
                yield f"{formulario.__module__}.{formulario.__name__}.{nome}", campo


def test_ha_campos_de_data_nos_formularios_do_projeto():
    nomes = [nome for nome, _ in _campos_de_data()]
    assert "relatorios.monitoramento.forms.EmpresaTerceirizadaForm.data_referencia" in nomes
    assert "candidatos.forms.inscricao.InscricaoForm.data_nascimento" in nomes
    assert "selecoes.forms.selecao.SelecaoForm.inscricoes_inicio" in nomes


@pytest.mark.parametrize(("nome", "campo"), list(_campos_de_data()), ids=lambda v: str(v))
def test_todo_campo_de_data_usa_o_widget_comum(nome, campo):
    esperado = DataHoraInput if isinstance(campo, forms.DateTimeField) else DataInput
    assert type(campo.widget) is esperado, nome


def test_widgets_comuns_desenham_iso_8601():
    assert 'type="date"' in DataInput().render("d", dt.date(2026, 3, 2))
    assert 'value="2026-03-02"' in DataInput().render("d", dt.date(2026, 3, 2))
    html = DataHoraInput(attrs={"class": "x"}).render("d", dt.datetime(2026, 3, 2, 9, 5, 7))
    assert 'type="datetime-local"' in html
    assert 'value="2026-03-02T09:05"' in html
    assert 'class="x"' in html
