"""Um hash canônico só (``selecoes.canonico``) para o que já foi publicado.

As tabelas abaixo são os bytes canônicos e os hashes que o sistema guardou antes
de as três funções ``hash_conteudo`` (resultado, PDF e edital) virarem uma:
foram gerados publicando, com o código de então, um resultado preliminar e um
final (vaga com reserva de negros e PcD, sorteio de desempate anunciado e uma
inscrição sem avaliação), o retrato de um edital e um registro da auditoria.
Cada versão assim publicada tem de continuar conferindo (docs/resultado.md).
"""

import datetime as dt
import json
from types import SimpleNamespace

import pytest
from django.db.models import JSONField, Value
from django.db.models.functions import Cast
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.models import ResultadoVersao, TipoResultado
from candidatos.services import retencao
from relatorios.documentos import construtores as documentos
from selecoes import cadeia, canonico
from selecoes.models import VersaoEdital
from tests.factories import SelecaoFactory

PRELIMINAR = (
    '{"formato":2,"motivo":"","numero":1,"publicado_em":"2026-06-03T08:00:00-03:00","reserv'
    'a":{"aplicavel":true,"motivo":"A reserva de vagas se aplica: o edital foi publicado em'
    " 02/03/2026, a partir da vigência do Decreto nº 9.427/2018 (art. 7º e art. 8º) e a sel"
    "eção oferece 3 vagas, número igual ou superior a três (art. 1º, § 1º), e a reserva val"
    'e para as vagas oferecidas e para as que surgirem."},"selecao":{"id":1,"numero_edital"'
    ':"0/2026","orgao":"MIR — Órgão MIR","titulo":"Estágio em gestão pública"},"sem_avaliac'
    'ao":[{"inscricao":"ADM-9","motivo":"Não entregou o histórico (ata nº 4)."}],"tipo":"pr'
    'eliminar","vagas":[{"area":"Administração","classificacao":[{"inscricao":"ADM-1","list'
    'as":[],"nome":"Ana Júlia Ávila","nota_final":"9.500","posicao":1},{"inscricao":"ADM-2"'
    ',"listas":["negros"],"nome":"Eva Conceição","nota_final":"8.000","posicao":2},{"inscri'
    'cao":"ADM-3","listas":["negros"],"nome":"Ivo Guimarães","nota_final":"8.000","posicao"'
    ':3},{"inscricao":"ADM-4","listas":["pcd"],"nome":"Lúcia Peçanha","nota_final":"7.250",'
    '"posicao":4}],"codigo":"DIR","convocacao":[{"explicacao":"Convocado(a) na 1ª posição, '
    "em vaga de ampla concorrência: 1º na classificação, dentro das 2 vagas de ampla concor"
    'rência (art. 4º, caput).","inscricao":"ADM-1","modalidade":"AC","nome":"Ana Júlia Ávil'
    'a","ordem":1},{"explicacao":"Convocado(a) na 2ª posição, em vaga de ampla concorrência'
    ": 2º na classificação, dentro das 2 vagas de ampla concorrência (art. 4º, caput). Conc"
    "orre também às vagas reservadas a candidatos negros, mas, aprovado(a) dentro das vagas"
    " de ampla concorrência, não ocupa vaga reservada (art. 4º, § 1º). Foi chamado(a) prime"
    "iro em vaga reservada a candidatos negros; com 2 vagas de ampla concorrência, passou a"
    ' contar nelas (art. 4º, § 1º).","inscricao":"ADM-2","modalidade":"AC","nome":"Eva Conc'
    'eição","ordem":2},{"explicacao":"Convocado(a) na 3ª posição, em vaga reservada a candi'
    "datos negros: 2º entre os candidatos negros e 3º na classificação geral, fora das 2 va"
    'gas de ampla concorrência (art. 4º, caput, e art. 3º).","inscricao":"ADM-3","modalidad'
    'e":"negros","nome":"Ivo Guimarães","ordem":3}],"explicacoes":{"ADM-1":"Convocado(a) na'
    " 1ª posição, em vaga de ampla concorrência: 1º na classificação, dentro das 2 vagas de"
    ' ampla concorrência (art. 4º, caput).","ADM-2":"Convocado(a) na 2ª posição, em vaga de'
    " ampla concorrência: 2º na classificação, dentro das 2 vagas de ampla concorrência (ar"
    "t. 4º, caput). Concorre também às vagas reservadas a candidatos negros, mas, aprovado("
    "a) dentro das vagas de ampla concorrência, não ocupa vaga reservada (art. 4º, § 1º). F"
    "oi chamado(a) primeiro em vaga reservada a candidatos negros; com 2 vagas de ampla con"
    'corrência, passou a contar nelas (art. 4º, § 1º).","ADM-3":"Convocado(a) na 3ª posição'
    ", em vaga reservada a candidatos negros: 2º entre os candidatos negros e 3º na classif"
    'icação geral, fora das 2 vagas de ampla concorrência (art. 4º, caput, e art. 3º).","AD'
    'M-4":"Não convocado(a): 4º na classificação da ampla concorrência e 1º entre as pessoa'
    "s com deficiência; as 3 vagas foram preenchidas por candidatos mais bem classificados:"
    " 2 de ampla concorrência (até o 2º da classificação) e 1 reservada a candidatos negros"
    " (art. 4º, caput). Pela classificação atual, será chamado(a) na 4ª convocação desta va"
    'ga, se surgirem vagas no cadastro de reserva."},"lista_negros":["ADM-2","ADM-3"],"list'
    'a_pcd":["ADM-4"],"municipio":"São Paulo","ofertadas":3,"reservadas":{"negros":1,"pcd":'
    '0},"sorteios":[{"anunciado_em":"2026-06-01T07:00:00-03:00","empatados":["ADM-2","ADM-3'
    '"],"fonte_semente":"","realizado_em":"2026-06-03T07:00:00-03:00","realizar_a_partir_de'
    '":"2026-06-03T07:00:00-03:00","resultado":["ADM-2","ADM-3"],"semente":"48213"}],"uf":"'
    'SP"}]}'
)

FINAL = (
    '{"formato":2,"motivo":"Sem recursos no prazo.","numero":1,"publicado_em":"2026-06-07T0'
    '7:00:00-03:00","reserva":{"aplicavel":true,"motivo":"A reserva de vagas se aplica: o e'
    "dital foi publicado em 02/03/2026, a partir da vigência do Decreto nº 9.427/2018 (art."
    " 7º e art. 8º) e a seleção oferece 3 vagas, número igual ou superior a três (art. 1º, "
    '§ 1º), e a reserva vale para as vagas oferecidas e para as que surgirem."},"selecao":{'
    '"id":1,"numero_edital":"0/2026","orgao":"MIR — Órgão MIR","titulo":"Estágio em gestão '
    'pública"},"sem_avaliacao":[{"inscricao":"ADM-9","motivo":"Não entregou o histórico (at'
    'a nº 4)."}],"tipo":"final","vagas":[{"area":"Administração","classificacao":[{"inscric'
    'ao":"ADM-1","listas":[],"nome":"Ana Júlia Ávila","nota_final":"9.500","posicao":1},{"i'
    'nscricao":"ADM-2","listas":["negros"],"nome":"Eva Conceição","nota_final":"8.000","pos'
    'icao":2},{"inscricao":"ADM-3","listas":["negros"],"nome":"Ivo Guimarães","nota_final":'
    '"8.000","posicao":3},{"inscricao":"ADM-4","listas":["pcd"],"nome":"Lúcia Peçanha","not'
    'a_final":"7.250","posicao":4}],"codigo":"DIR","convocacao":[{"explicacao":"Convocado(a'
    ") na 1ª posição, em vaga de ampla concorrência: 1º na classificação, dentro das 2 vaga"
    's de ampla concorrência (art. 4º, caput).","inscricao":"ADM-1","modalidade":"AC","nome'
    '":"Ana Júlia Ávila","ordem":1},{"explicacao":"Convocado(a) na 2ª posição, em vaga de a'
    "mpla concorrência: 2º na classificação, dentro das 2 vagas de ampla concorrência (art."
    " 4º, caput). Concorre também às vagas reservadas a candidatos negros, mas, aprovado(a)"
    " dentro das vagas de ampla concorrência, não ocupa vaga reservada (art. 4º, § 1º). Foi"
    " chamado(a) primeiro em vaga reservada a candidatos negros; com 2 vagas de ampla conco"
    'rrência, passou a contar nelas (art. 4º, § 1º).","inscricao":"ADM-2","modalidade":"AC"'
    ',"nome":"Eva Conceição","ordem":2},{"explicacao":"Convocado(a) na 3ª posição, em vaga '
    "reservada a candidatos negros: 2º entre os candidatos negros e 3º na classificação ger"
    'al, fora das 2 vagas de ampla concorrência (art. 4º, caput, e art. 3º).","inscricao":"'
    'ADM-3","modalidade":"negros","nome":"Ivo Guimarães","ordem":3}],"explicacoes":{"ADM-1"'
    ':"Convocado(a) na 1ª posição, em vaga de ampla concorrência: 1º na classificação, dent'
    'ro das 2 vagas de ampla concorrência (art. 4º, caput).","ADM-2":"Convocado(a) na 2ª po'
    "sição, em vaga de ampla concorrência: 2º na classificação, dentro das 2 vagas de ampla"
    " concorrência (art. 4º, caput). Concorre também às vagas reservadas a candidatos negro"
    "s, mas, aprovado(a) dentro das vagas de ampla concorrência, não ocupa vaga reservada ("
    "art. 4º, § 1º). Foi chamado(a) primeiro em vaga reservada a candidatos negros; com 2 v"
    'agas de ampla concorrência, passou a contar nelas (art. 4º, § 1º).","ADM-3":"Convocado'
    "(a) na 3ª posição, em vaga reservada a candidatos negros: 2º entre os candidatos negro"
    "s e 3º na classificação geral, fora das 2 vagas de ampla concorrência (art. 4º, caput,"
    ' e art. 3º).","ADM-4":"Não convocado(a): 4º na classificação da ampla concorrência e 1'
    "º entre as pessoas com deficiência; as 3 vagas foram preenchidas por candidatos mais b"
    "em classificados: 2 de ampla concorrência (até o 2º da classificação) e 1 reservada a "
    "candidatos negros (art. 4º, caput). Pela classificação atual, será chamado(a) na 4ª co"
    'nvocação desta vaga, se surgirem vagas no cadastro de reserva."},"lista_negros":["ADM-'
    '2","ADM-3"],"lista_pcd":["ADM-4"],"municipio":"São Paulo","ofertadas":3,"reservadas":{'
    '"negros":1,"pcd":0},"sorteios":[{"anunciado_em":"2026-06-01T07:00:00-03:00","empatados'
    '":["ADM-2","ADM-3"],"fonte_semente":"","realizado_em":"2026-06-03T07:00:00-03:00","rea'
    'lizar_a_partir_de":"2026-06-03T07:00:00-03:00","resultado":["ADM-2","ADM-3"],"semente"'
    ':"48213"}],"uf":"SP"}]}'
)

EDITAL = (
    '{"criterios_avaliacao":[],"formato":1,"reserva":{"alerta_fracionamento":null,"aplicave'
    'l":true,"base":"selecao","base_texto":"Base da reserva: o total da seleção. O decreto '
    "reserva 30% das vagas oferecidas nas seleções (art. 1º, caput), e a divisão das vagas "
    "em muitas vagas de estágio pequenas não pode frustrar a reserva (STF, ADC 41). O total"
    " reservado é 30% das vagas da seleção, arredondado como manda o decreto (art. 1º, § 2º"
    "), distribuído entre as vagas de estágio pelos maiores restos: cada uma recebe primeir"
    "o a parte inteira de 30% das suas vagas, e as que faltam vão às de maior parte fracion"
    "ária (empate: mais vagas ofertadas, depois a ordem das vagas no edital), e o quadro pu"
    "blica o resultado por vaga de estágio (art. 1º, § 3º). Nas vagas ofertadas de cada vag"
    "a de estágio, as reservadas são espalhadas por igual (art. 3º, alternância e proporcio"
    'nalidade).","categorias":["negros","pcd"],"inicio_texto":"","motivo":"A reserva de vag'
    "as se aplica: o edital foi publicado em 02/03/2026, a partir da vigência do Decreto nº"
    " 9.427/2018 (art. 7º e art. 8º) e a seleção oferece 3 vagas, número igual ou superior "
    "a três (art. 1º, § 1º), e a reserva vale para as vagas oferecidas e para as que surgir"
    'em.","percentuais":{"negros":"30","pcd":"10"},"rateio":["Candidatos negros: 30% das 3 '
    "vagas da seleção dão 1 (art. 1º, § 2º); as partes inteiras somam 0, e as 1 restantes f"
    "oram às vagas de estágio de maior parte fracionária: DIR (30% de 3 = 0,9). Empates de "
    "fração vão à vaga com mais vagas ofertadas e, depois, à que vem antes no edital (regra"
    's de reserva, § 3.1)."],"regra_texto":"O decreto manda alternar e respeitar a proporçã'
    "o (art. 3º), sem fixar posições. Este edital adota a regra: em cada vaga de estágio, d"
    "epois de qualquer número de convocações, o número de convocações reservadas a candidat"
    "os negros é 30% desse número, arredondado como manda o decreto (fração igual ou maior "
    "que 0,5 para cima, menor que 0,5 para baixo — art. 1º, § 2º); o mesmo vale para pessoa"
    "s com deficiência, com 10% (Lei nº 11.788/2008, art. 17, § 5º), e, quando as duas rese"
    "rvas pedem a mesma posição, ela vai aos candidatos negros e a de pessoas com deficiênc"
    "ia passa à seguinte. Cada posição sem reserva pendente é de ampla concorrência. Assim,"
    " são reservadas a candidatos negros a 2ª, 5ª, 9ª, 12ª, 15ª, 19ª, 22ª, 25ª e 29ª posiçõ"
    "es, e a pessoas com deficiência a 6ª, 16ª e 26ª, e assim por diante pela mesma regra.\\"
    "n\\nAs vagas de ampla concorrência vão aos mais bem classificados, sejam ou não candida"
    "tos negros; o candidato negro aprovado dentro das vagas de ampla concorrência não ocup"
    "a vaga reservada (art. 4º, § 1º). As vagas reservadas vão aos candidatos que optaram p"
    "ela reserva, na ordem da classificação única da vaga de estágio (art. 4º, caput). Na d"
    "esistência de candidato negro aprovado em vaga reservada, ela é preenchida pelo candid"
    "ato negro classificado logo depois (art. 4º, § 2º). Se faltarem candidatos negros apro"
    "vados, a vaga reservada é revertida à ampla concorrência e preenchida pelo próximo apr"
    "ovado, na ordem de classificação (art. 4º, § 3º). Quem for eliminado por declaração fa"
    "lsa sai de todas as listas e, se já contratado, é desligado (art. 2º, parágrafo único)"
    ".\\n\\nEscolhas de interpretação adotadas onde o decreto é omisso (regras de reserva, ve"
    "rsão 2): (1) o número de vagas da seleção (art. 1º, § 1º) é a soma das vagas ofertadas"
    " em todas as vagas de estágio; (2) as vagas que surgirem contam para esse número: com "
    "menos de três vagas oferecidas, as oferecidas são de ampla concorrência e a reserva co"
    "meça quando a seleção tem três vagas, contando as oferecidas das outras vagas de estág"
    "io e as desta; (3) quando duas reservas pedem a mesma posição, ela vai à de maior prec"
    "edência, e a outra toma a última posição de ampla concorrência entre as vagas ofertada"
    "s, para que toda categoria chegue ao número do quadro; (4) a cada nova convocação, o c"
    "onjunto de convocados é exatamente o que o decreto daria para aquele número de vagas, "
    "de modo que um candidato negro chamado em vaga reservada pode passar a contar na ampla"
    " concorrência quando as vagas de ampla concorrência alcançam sua classificação — o his"
    "tórico guarda a modalidade em que foi chamado; (5) as vagas que surgem seguem a sequên"
    "cia de cada vaga de estágio, que arredonda sozinha: o sistema mostra, para a seleção, "
    'as convocações reservadas até agora ao lado de 30% delas.","reservadas_esperadas":{"ne'
    'gros":1,"pcd":0},"reservadas_esperadas_negros":1,"total_reservadas":{"negros":1,"pcd":'
    '0},"total_vagas":3,"vagas":[{"ampla":2,"codigo":"DIR","ofertadas":3,"reservadas":{"neg'
    'ros":1,"pcd":0},"sequencia":["AC","negros","AC","AC","negros","pcd","AC","AC","negros"'
    ',"AC","AC","negros","AC","AC","negros","pcd","AC","AC","negros","AC","AC","negros","AC'
    '","AC","negros","pcd","AC","AC","negros","AC"]}],"versao_regras":2,"versao_texto":"Est'
    "e edital segue a versão 2 das regras de reserva do sistema (dezembro de 2026), em vigo"
    'r quando foi publicado, e a mantém por toda a sua vida (regras de reserva, § 8)."},"se'
    'lecao":{"base_reserva":"selecao","criterios_desempate":[{"criterio":"maior_nota"},{"cr'
    'iterio":"sorteio"}],"data_publicacao_edital":"2026-03-02","descricao":"","id":1,"inscr'
    'icoes_fim":"2026-05-22T07:00:00-03:00","inscricoes_inicio":"2026-05-02T07:00:00-03:00"'
    ',"numero_edital":"0/2026","orgao":"MIR — Órgão MIR","percentual_pcd":"10","requisitos"'
    ':"","reserva_pcd":true,"sequencia_explicita":null,"titulo":"Estágio em gestão pública"'
    ',"validade_meses":12},"vagas":[{"area":"Administração","auxilio_transporte":"220.00","'
    'carga_horaria_semanal":20,"codigo":"DIR","curso":"Direito","municipio":"São Paulo","ni'
    'vel":"superior","requisitos":"","sem_cadastro_reserva":false,"uf":"SP","vagas_ofertada'
    's":3,"valor_bolsa":"1125.69"}]}'
)

AUDITORIA = (
    '{"acao":"resultado.final.publicado","antes":{"situacao_selecao":"resultado_preliminar"'
    ',"versao_anterior":null},"criado_em":"2026-06-01T13:00:00.123456+00:00","depois":{"has'
    'h":"5293d9031bee81a84bcdbb0695360d67375393f17ec1e7d6c24993d2f59fb8e9","sem_avaliacao":'
    '["ADM-9"],"versao":1},"descricao":"Resultado final, versão 1, publicado","inscricao_id'
    '":null,"motivo":"Sem recursos no prazo.","objeto_id":"11","objeto_tipo":"candidatos.re'
    'sultadoversao","orgao_id":3,"selecao_id":5,"sequencia":7,"usuario_nome":"Alice Gestão"'
    "}"
)

#: (nome, bytes canônicos guardados, hash publicado), como gerados pelo código anterior.
PUBLICADOS = [
    (
        "resultado preliminar",
        PRELIMINAR,
        "cb0adda9d675d714b1dd26c57e09335e20da339207e0fdbadb98423f0ed49ce1",
    ),
    ("resultado final", FINAL, "5293d9031bee81a84bcdbb0695360d67375393f17ec1e7d6c24993d2f59fb8e9"),
    (
        "retrato do edital",
        EDITAL,
        "37f8d18c2f9204ef9414c3896e70c1abe75c1d67c598c782fd19d3df4bd15578",
    ),
]
RESULTADOS = PUBLICADOS[:2]
HASH_AUDITORIA = "4c9bd0ce13269c602e0c4ecaedd41ceaf04419269d26260dbdf79d49586b4cc6"
#: Os campos do registro de auditoria da tabela (o anterior da cadeia: "a" * 64).
CAMPOS_AUDITORIA = {
    "sequencia": 7,
    "criado_em": dt.datetime(2026, 6, 1, 13, 0, 0, 123456, tzinfo=dt.UTC),
    "usuario_nome": "Alice Gestão",
    "orgao_id": 3,
    "selecao_id": 5,
    "inscricao_id": None,
    "acao": "resultado.final.publicado",
    "objeto_tipo": "candidatos.resultadoversao",
    "objeto_id": "11",
    "descricao": "Resultado final, versão 1, publicado",
    "antes": {"situacao_selecao": "resultado_preliminar", "versao_anterior": None},
    "depois": {"versao": 1, "hash": RESULTADOS[1][2], "sem_avaliacao": ["ADM-9"]},
    "motivo": "Sem recursos no prazo.",
}


@pytest.mark.parametrize(("nome", "guardado", "publicado"), PUBLICADOS)
def test_hash_canonico_confere_com_o_publicado_antes(nome, guardado, publicado):
    conteudo = json.loads(guardado)
    assert canonico.serializar(conteudo) == guardado.encode("utf-8")
    assert canonico.hash_bytes(guardado.encode("utf-8")) == publicado
    assert canonico.hash_conteudo(conteudo) == publicado
    assert canonico.confere(conteudo, publicado)


@pytest.mark.parametrize(("nome", "guardado", "publicado"), PUBLICADOS)
def test_hash_canonico_nao_confere_com_um_byte_trocado(nome, guardado, publicado):
    conteudo = json.loads(guardado)
    conteudo["formato"] += 1
    assert not canonico.confere(conteudo, publicado)


def test_registro_de_auditoria_mantem_o_hash_da_cadeia():
    assert cadeia.conteudo_canonico(CAMPOS_AUDITORIA) == AUDITORIA.encode("utf-8")
    assert cadeia.hash_registro("a" * 64, CAMPOS_AUDITORIA) == HASH_AUDITORIA


def _gravar_como_antes(selecao, numero, guardado, publicado):
    """Como o serviço anterior gravava: o texto canônico vai ao banco como JSON."""
    return ResultadoVersao.objects.create(
        selecao=selecao,
        tipo=json.loads(guardado)["tipo"],
        numero=numero,
        conteudo=Cast(Value(guardado), output_field=JSONField()),
        hash_conteudo=publicado,
    )


@pytest.mark.django_db
@pytest.mark.parametrize(("nome", "guardado", "publicado"), RESULTADOS)
def test_versao_de_resultado_ja_publicada_confere_depois_do_banco(nome, guardado, publicado):
    versao = _gravar_como_antes(SelecaoFactory(), 1, guardado, publicado)
    do_banco = ResultadoVersao.objects.get(pk=versao.pk)
    assert canonico.serializar(do_banco.conteudo) == guardado.encode("utf-8")
    assert canonico.confere(do_banco.conteudo, do_banco.hash_conteudo)
    # O PDF confere o hash antes de gerar: a versão antiga passa.
    gerado = documentos.lista_resultado(
        SimpleNamespace(parametros={"versao": versao.pk}, titulo=nome)
    )
    assert gerado.contexto["versao"].pk == versao.pk


@pytest.mark.django_db
def test_retencao_nao_acusa_divergencia_nas_versoes_ja_publicadas():
    selecao = SelecaoFactory()
    for _, guardado, publicado in RESULTADOS:
        _gravar_como_antes(selecao, 1, guardado, publicado)
    total, divergentes = retencao._anonimizar_resultados(selecao.pk, dt.datetime.now(dt.UTC))
    assert (total, divergentes) == (2, [])
    for versao in ResultadoVersao.objects.filter(selecao=selecao):
        assert versao.tipo in TipoResultado.values
        assert "[anonimizado]" in json.dumps(versao.conteudo, ensure_ascii=False)


@pytest.mark.django_db
def test_retrato_de_edital_ja_publicado_confere_depois_do_banco():
    guardado, publicado = EDITAL, PUBLICADOS[2][2]
    versao = VersaoEdital.objects.create(
        selecao=SelecaoFactory(), numero=1, conteudo=json.loads(guardado), hash_conteudo=publicado
    )
    do_banco = VersaoEdital.objects.get(pk=versao.pk)
    assert canonico.serializar(do_banco.conteudo) == guardado.encode("utf-8")
    assert canonico.confere(do_banco.conteudo, do_banco.hash_conteudo)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda filhos: st.lists(filhos, max_size=3) | st.dictionaries(st.text(), filhos, max_size=3),
    max_leaves=8,
)


@given(
    topo=st.dictionaries(st.text(), _JSON, max_size=4),
    chave=st.text(),
    itens=st.lists(_JSON, max_size=4),
)
@example(topo={}, chave="vagas", itens=[])
@example(topo={"z": 1, "a": "ção"}, chave="vagas", itens=[{"codigo": "V1"}, [1, "ã"]])
def test_hash_em_partes_igual_ao_do_documento_inteiro(topo, chave, itens):
    topo = {k: v for k, v in topo.items() if k != chave}
    assert canonico.hash_em_partes(topo, chave, iter(itens)) == canonico.hash_conteudo(
        {**topo, chave: itens}
    )
