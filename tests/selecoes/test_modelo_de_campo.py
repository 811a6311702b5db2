"""Um só modelo de campo: ``{{ form.x.as_field_group }}`` desenha includes/campo.html."""

from pathlib import Path

from django import forms
from django.conf import settings


class _Exemplo(forms.Form):
    nome = forms.CharField(label="Nome", help_text="Como no documento.")
    apelido = forms.CharField(label="Apelido", required=False)
    cor = forms.ChoiceField(label="Cor", choices=[("a", "A"), ("b", "B")], widget=forms.RadioSelect)
    aceite = forms.BooleanField(label="Aceito")


def test_campo_texto_com_rotulo_ajuda_erro_e_marca_de_obrigatorio():
    form = _Exemplo({"nome": ""})
    html = form["nome"].as_field_group()
    assert '<label class="form-label" for="id_nome">Nome' in html
    assert "(obrigatório)" in html
    assert 'id="id_nome_helptext"' in html
    assert 'id="id_nome_error"' in html
    assert 'aria-describedby="id_nome_helptext' in html
    assert 'id="grupo-nome"' in html
    assert "(obrigatório)" not in form["apelido"].as_field_group()


def test_grupo_de_radio_e_caixa_de_marcar():
    form = _Exemplo({})
    radio = form["cor"].as_field_group()
    assert radio.startswith('<fieldset class="mb-3 campo" id="id_cor"')
    assert "<legend" in radio
    assert 'id="id_cor_0"' in radio
    assert 'id="id_cor_error"' in radio
    caixa = form["aceite"].as_field_group()
    assert 'class="mb-3 form-check campo"' in caixa
    assert 'type="checkbox"' in caixa


def test_nenhum_template_inclui_outro_modelo_de_campo():
    raiz = Path(settings.BASE_DIR) / "templates"
    for caminho in raiz.rglob("*.html"):
        texto = caminho.read_text(encoding="utf-8")
        assert "_campo.html" not in texto, caminho
        assert "includes/campo.html" not in texto or caminho.name == "campo.html", caminho
