"""Cópia de segurança de ponta a ponta com os scripts de docs/operacao.md."""

import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from selecoes import auditoria
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory

RAIZ = Path(__file__).resolve().parents[2]
SCRIPTS = RAIZ / "scripts"
BASH = shutil.which("bash") or "/bin/bash"

pytestmark = [
    # Os scripts de cópia usam pg_dump/pg_restore: só valem com DATABASE_URL PostgreSQL.
    pytest.mark.postgresql,
]


def _url_do_banco_de_teste() -> str:
    dados = connection.settings_dict
    credencial = quote(dados["USER"] or "", safe="")
    if dados["PASSWORD"]:
        credencial += ":" + quote(dados["PASSWORD"], safe="")
    servidor = dados["HOST"] or "localhost"
    porta = f":{dados['PORT']}" if dados["PORT"] else ""
    return f"postgres://{credencial}@{servidor}{porta}/{dados['NAME']}"


def _rodar(script: str, *argumentos: str, **ambiente: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (scripts do próprio projeto)
        [BASH, str(SCRIPTS / script), *argumentos],
        env={"PATH": os.environ["PATH"], **ambiente},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def _bancos_de_verificacao() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s",
            [connection.settings_dict["NAME"][:40] + "\\_verificacao\\_%"],
        )
        return [linha[0] for linha in cursor.fetchall()]


@pytest.mark.django_db(transaction=True)
def test_backup_restaura_todas_as_tabelas_e_arquivos(tmp_path):
    vaga = VagaEstagioFactory(selecao=SelecaoFactory())
    inscricoes = InscricaoFactory.create_batch(7, vaga=vaga)
    for inscricao in inscricoes:
        auditoria.registrar(
            acao="inscricao.recebida", objeto=inscricao, selecao=vaga.selecao, descricao="ok"
        )
    midia = tmp_path / "media"
    (midia / "laudos" / "2026" / "03").mkdir(parents=True)
    (midia / "laudos" / "2026" / "03" / "laudo.pdf").write_bytes(b"%PDF-1.4 laudo")
    (midia / "documentos").mkdir()
    (midia / "documentos" / "resultado final.pdf").write_bytes(b"%PDF-1.4 resultado")

    processo = _rodar(
        "testar-backup.sh", DATABASE_URL=_url_do_banco_de_teste(), MEDIA_ROOT=str(midia)
    )

    assert processo.returncode == 0, processo.stdout + processo.stderr
    resumo = re.fullmatch(
        r"Cópia verificada: (\d+) tabelas, (\d+) linhas e (\d+) arquivos idênticos"
        r" após restaurar\.",
        processo.stdout.strip().splitlines()[-1],
    )
    assert resumo, processo.stdout
    tabelas, linhas, arquivos = (int(n) for n in resumo.groups())
    assert tabelas >= 25
    assert linhas >= 7 + 7 + 1 + 1 + 1
    assert arquivos == 2
    assert _bancos_de_verificacao() == []


@pytest.mark.django_db
def test_backup_retencao_e_restauracao_que_nao_sobrescreve(tmp_path):
    copias = tmp_path / "copias"
    antiga = copias / "20000101-030000"
    antiga.mkdir(parents=True)
    recente = copias / "29990101-030000"
    recente.mkdir()
    quarenta_dias = time.time() - 40 * 86400
    os.utime(antiga, (quarenta_dias, quarenta_dias))
    url = _url_do_banco_de_teste()

    feita = _rodar("backup.sh", DATABASE_URL=url, BACKUP_DIR=str(copias))

    assert feita.returncode == 0, feita.stderr
    pasta = Path(feita.stdout.strip().splitlines()[-1])
    assert sorted(p.name for p in pasta.iterdir()) == ["SHA256SUMS", "banco.dump"]
    assert not antiga.exists()
    assert recente.exists()

    recusada = _rodar("restore.sh", str(pasta), DATABASE_URL=url)
    assert recusada.returncode == 2
    assert "RESTAURAR_SOBRESCREVER=sim" in recusada.stderr

    (pasta / "banco.dump").write_bytes(b"adulterado")
    adulterada = _rodar("restore.sh", str(pasta), DATABASE_URL=url)
    assert adulterada.returncode != 0
    assert "FAILED" in adulterada.stdout + adulterada.stderr
