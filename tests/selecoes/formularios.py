"""Dados de POST do formulário do edital, válidos por padrão, para os testes de telas."""

from typing import Any


def vaga_post(i: int, **campos: Any) -> dict[str, str]:
    base = {
        "codigo": f"V{i}",
        "area": "Direito",
        "curso": "Direito",
        "nivel": "superior",
        "municipio": "Brasília",
        "uf": "DF",
        "carga_horaria_semanal": "20",
        "valor_bolsa": "1125.69",
        "auxilio_transporte": "220.00",
        "vagas_ofertadas": "5",
        "requisitos": "",
        "id": "",
    }
    base.update({k: str(v) for k, v in campos.items()})
    return {f"vagas-{i}-{k}": v for k, v in base.items()}


def edital_post(
    *,
    vagas: list[dict[str, Any]] | None = None,
    criterios: list[dict[str, Any]] | None = None,
    iniciais_vagas: int = 0,
    iniciais_criterios: int = 0,
    **campos: Any,
) -> dict[str, str]:
    dados = {
        "titulo": "Seleção de estagiários de Direito",
        "numero_edital": "7/2026",
        "data_publicacao_edital": "2026-03-02",
        "inscricoes_inicio": "2026-03-03T09:00",
        "inscricoes_fim": "2026-03-20T18:00",
        "validade_meses": "12",
        "descricao": "Estágio remunerado.",
        "requisitos": "",
        "reserva_pcd": "on",
        "percentual_pcd": "10",
        "desempate_1": "maior_nota",
        "desempate_2": "maior_idade",
        "desempate_3": "sorteio",
    }
    dados.update({k: str(v) for k, v in campos.items() if v is not None})
    for chave in [k for k, v in campos.items() if v is None]:
        dados.pop(chave, None)
    vagas = [{}] if vagas is None else vagas
    for i, vaga in enumerate(vagas):
        dados.update(vaga_post(i, **vaga))
    criterios = criterios or []
    for i, criterio in enumerate(criterios):
        base = {"codigo": f"c{i}", "nome": f"Critério {i}", "peso": "1", "nota_maxima": "10"}
        base.update({k: str(v) for k, v in criterio.items()})
        dados.update({f"criterios-{i}-{k}": v for k, v in base.items()})
    dados.update(
        {
            "vagas-TOTAL_FORMS": str(len(vagas)),
            "vagas-INITIAL_FORMS": str(iniciais_vagas),
            "vagas-MIN_NUM_FORMS": "1",
            "vagas-MAX_NUM_FORMS": "1000",
            "criterios-TOTAL_FORMS": str(len(criterios)),
            "criterios-INITIAL_FORMS": str(iniciais_criterios),
            "criterios-MIN_NUM_FORMS": "0",
            "criterios-MAX_NUM_FORMS": "1000",
        }
    )
    return dados
