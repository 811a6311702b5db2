"""Formulários da inscrição (público) e das telas de inscrições do RH."""

import functools
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile

from candidatos import envios
from candidatos.models import CorRaca, SituacaoInscricao
from candidatos.selectors.inscricoes import VagaDoEdital, vagas_do_edital
from candidatos.services.inscricoes import (
    ConfirmacaoSubstituicao,
    DadosInscricao,
    erros_autodeclaracao,
)
from selecoes.forms.campos import DataInput, SelectLongo
from selecoes.models import UF, NivelEnsino, Orgao, Selecao, VagaEstagio
from selecoes.validators import cpf_valido, somente_digitos

TAMANHO_MAXIMO_LAUDO = 5 * 1024 * 1024
TIPOS_PDF = ("application/pdf", "application/x-pdf")
SIM_NAO = [("", "Todos"), ("sim", "Sim"), ("nao", "Não")]


FINALIDADE_LAUDO = "laudo"


def finalidade_documento(categoria: str) -> str:
    """Uma por categoria: a referência guardada de uma não vale no campo de outra."""
    return f"documento_{categoria}"


class FormularioAcessivel:
    """Mensagens de erro que nomeiam o campo e classes do Bootstrap nos controles.

    O resumo de erros no topo do formulário lista as mensagens; por isso cada uma
    começa pelo nome do campo.
    """

    def preparar_campos(self) -> None:
        for campo in self.fields.values():  # type: ignore[attr-defined]
            rotulo = campo.label
            mensagens = {
                "required": f"{rotulo}: preenchimento obrigatório.",
                "invalid": f"{rotulo}: valor inválido.",
                "invalid_choice": f"{rotulo}: escolha uma das opções da lista.",
                "max_length": f"{rotulo}: use no máximo %(limit_value)d caracteres.",
            }
            campo.error_messages = {**campo.error_messages, **mensagens}
            tipo = getattr(campo.widget, "input_type", "")
            if tipo in ("checkbox", "radio"):
                classe = "form-check-input"
            elif tipo == "select" or isinstance(campo.widget, forms.Select):
                classe = "form-select"
            else:
                classe = "form-control"
            campo.widget.attrs["class"] = classe

    def full_clean(self) -> None:
        super().full_clean()  # type: ignore[misc]
        for nome in self.errors:  # type: ignore[attr-defined]
            if nome in self.fields:  # type: ignore[attr-defined]
                widget = self.fields[nome].widget  # type: ignore[attr-defined]
                widget.attrs["class"] = f"{widget.attrs.get('class', '')} is-invalid".strip()


def validar_pdf(arquivo: UploadedFile, *, rotulo: str, limite: int = TAMANHO_MAXIMO_LAUDO) -> None:
    """Somente PDF (assinatura ``%PDF-``, tipo declarado e extensão), até ``limite`` bytes.

    A verificação é do servidor: extensão e tipo enviados pelo navegador não bastam,
    por isso os primeiros bytes são conferidos.
    """
    megas = limite // (1024 * 1024)
    if arquivo.size is None or arquivo.size > limite:
        raise ValidationError(
            f"{rotulo}: o arquivo tem mais de {megas} MB; envie um PDF menor.", code="tamanho"
        )
    if arquivo.size == 0:
        raise ValidationError(f"{rotulo}: o arquivo está vazio.", code="vazio")
    tipo = (arquivo.content_type or "").split(";")[0].strip().lower()
    arquivo.seek(0)
    assinatura = arquivo.read(5)
    arquivo.seek(0)
    nome = (arquivo.name or "").lower()
    if tipo not in TIPOS_PDF or assinatura != b"%PDF-" or not nome.endswith(".pdf"):
        raise ValidationError(
            f"{rotulo}: envie um arquivo PDF (outros formatos não são aceitos).", code="tipo"
        )


def validar_laudo(arquivo: UploadedFile) -> None:
    """Laudo médico: somente PDF, até 5 MB (``validar_pdf``)."""
    validar_pdf(arquivo, rotulo="Laudo médico")


def validar_documento_categoria(arquivo: UploadedFile, *, rotulo: str, limite_mb: int) -> None:
    """Documento de categoria do órgão: como o laudo (``validar_pdf``), só PDF conferido
    pelos primeiros bytes, até o limite que o edital fixa."""
    validar_pdf(arquivo, rotulo=rotulo, limite=limite_mb * 1024 * 1024)


class InscricaoForm(FormularioAcessivel, forms.Form):
    """Inscrição on-line com autodeclaração (art. 2º do Decreto 9.427/2018)."""

    vaga = forms.ModelChoiceField(
        label="Vaga de estágio",
        queryset=VagaEstagio.objects.none(),
        empty_label="Selecione a vaga",
        widget=SelectLongo,
    )
    nome_civil = forms.CharField(label="Nome civil completo", max_length=200)
    nome_social = forms.CharField(
        label="Nome social",
        max_length=200,
        required=False,
        help_text="Opcional. Se informado, é o nome usado em todas as listas e comunicações.",
    )
    cpf = forms.CharField(
        label="CPF",
        max_length=14,
        help_text="Somente números ou no formato 000.000.000-00.",
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    data_nascimento = forms.DateField(
        label="Data de nascimento",
        widget=DataInput(attrs={"autocomplete": "bday"}),
    )
    email = forms.EmailField(
        label="E-mail",
        max_length=254,
        help_text="O comprovante da inscrição será enviado para este endereço.",
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    email_confirmacao = forms.EmailField(
        label="Confirmação do e-mail",
        max_length=254,
        help_text="Digite o e-mail novamente.",
        widget=forms.EmailInput(attrs={"autocomplete": "off"}),
    )
    telefone = forms.CharField(
        label="Telefone com DDD",
        max_length=20,
        help_text="Ex.: (61) 99999-0000.",
        widget=forms.TextInput(attrs={"inputmode": "tel", "autocomplete": "tel"}),
    )
    instituicao_ensino = forms.CharField(label="Instituição de ensino", max_length=200)
    curso = forms.CharField(label="Curso", max_length=200)
    periodo_curso = forms.CharField(
        label="Semestre ou ano em curso", max_length=30, help_text="Ex.: 5º semestre, 2º ano."
    )
    cor_raca = forms.ChoiceField(
        label="Cor ou raça",
        choices=CorRaca.choices,
        widget=forms.RadioSelect,
        help_text="Autodeclaração conforme o quesito cor ou raça do IBGE.",
    )
    concorre_negros = forms.BooleanField(
        label="Desejo concorrer às vagas reservadas a candidatos negros",
        required=False,
        help_text="Somente para quem se autodeclara preto(a) ou pardo(a) (art. 2º).",
    )
    pcd = forms.BooleanField(label="Declaro ser pessoa com deficiência", required=False)
    concorre_pcd = forms.BooleanField(
        label="Desejo concorrer às vagas reservadas a pessoas com deficiência",
        required=False,
        help_text="Exige o envio do laudo médico.",
    )
    laudo_pcd = forms.FileField(
        label="Laudo médico",
        required=False,
        help_text="O laudo é obrigatório para concorrer às vagas reservadas a pessoas com "
        "deficiência; somente PDF, até 5 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,.pdf"}),
    )
    laudo_pcd_ref = forms.CharField(required=False, widget=forms.HiddenInput, max_length=1000)
    aceite_termo = forms.BooleanField(
        label="Li e aceito o termo de autodeclaração e o aviso de privacidade acima",
    )
    codigo_anterior = forms.CharField(
        label="Código de verificação da inscrição anterior",
        max_length=40,
        required=False,
        help_text=(
            "Só para quem já se inscreveu nesta seleção e quer substituir a inscrição: o código "
            "está no comprovante anterior (ex.: ABCD-EFGH-JKLM)."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
    autorizacao = forms.CharField(
        label="Autorização de substituição",
        required=False,
        max_length=300,
        widget=forms.HiddenInput,
    )

    def __init__(
        self,
        *args: Any,
        selecao: Selecao,
        hoje: date,
        vagas: Callable[[], Sequence[VagaDoEdital]] | None = None,
        **kwargs: Any,
    ) -> None:
        """``vagas``: as do edital já lidas pela página (o quadro usa as mesmas)."""
        super().__init__(*args, **kwargs)
        self.selecao = selecao
        self.hoje = hoje
        self.fields["vaga"].queryset = selecao.vagas.all()  # type: ignore[attr-defined]
        self.fields["vaga"].label_from_instance = lambda v: (  # type: ignore[attr-defined]
            f"{v.codigo} — {v.area} ({v.municipio}/{v.uf})"
        )
        # O campo valida pela consulta acima; as opções desenhadas saem de uma leitura
        # leve, só quando o formulário é desenhado (o envio válido nem a faz).
        # (Uma leitura por formulário: o widget percorre as opções mais de uma vez.)
        ler_vagas = vagas or (lambda: vagas_do_edital(selecao_id=selecao.pk))
        self.fields["vaga"].widget.choices = functools.cache(
            lambda: [("", "Selecione a vaga"), *((v.id, v.rotulo) for v in ler_vagas())]
        )
        if not selecao.reserva_pcd:
            # Sem reserva, a deficiência não é perguntada (LGPD, art. 6º, III).
            for nome in ("pcd", "concorre_pcd", "laudo_pcd"):
                del self.fields[nome]
        self.categorias_orgao = list(selecao.categorias_orgao.all())
        for categoria in self.categorias_orgao:
            self.fields[f"categoria_{categoria.categoria}"] = forms.BooleanField(
                label=categoria.pergunta,
                required=False,
                help_text=" ".join(
                    p for p in (categoria.ajuda, f"Base legal: {categoria.base_legal}.") if p
                ),
            )
            if categoria.documento_exigido:
                self.fields[f"documento_{categoria.categoria}"] = forms.FileField(
                    label=categoria.documento_descricao,
                    required=False,
                    help_text=f"Obrigatório para concorrer às vagas reservadas a "
                    f"{categoria.nome.lower()}; somente PDF, até "
                    f"{categoria.documento_tamanho_max_mb} MB.",
                    widget=forms.ClearableFileInput(attrs={"accept": "application/pdf,.pdf"}),
                )
        self.preparar_campos()
        self.fields["aceite_termo"].error_messages["required"] = (
            "Termo de autodeclaração: é preciso aceitar o termo para se inscrever."
        )
        self.fields["email"].error_messages["invalid"] = (
            "E-mail: informe um endereço válido, como nome@exemplo.com."
        )
        self.fields["data_nascimento"].error_messages["invalid"] = (
            "Data de nascimento: informe uma data válida (dia/mês/ano)."
        )

    def clean_cpf(self) -> str:
        cpf = somente_digitos(self.cleaned_data["cpf"])
        if not cpf_valido(cpf):
            raise ValidationError("CPF inválido: confira os 11 dígitos.", code="cpf_invalido")
        return cpf

    def clean_data_nascimento(self) -> date:
        nascimento: date = self.cleaned_data["data_nascimento"]
        if nascimento.year < 1900 or nascimento >= self.hoje:
            raise ValidationError("Data de nascimento: informe uma data no passado.")
        return nascimento

    def clean_telefone(self) -> str:
        digitos = somente_digitos(self.cleaned_data["telefone"])
        if len(digitos) not in (10, 11):
            raise ValidationError("Telefone com DDD: informe 10 ou 11 dígitos, com o DDD.")
        return digitos

    def clean_laudo_pcd(self) -> UploadedFile | None:
        """O laudo enviado agora ou, sem ele, o guardado no envio anterior com erro."""
        laudo = self.cleaned_data.get("laudo_pcd")
        referencia = self.data.get("laudo_pcd_ref", "")
        if not laudo and referencia and self.data.get("pcd"):
            laudo = envios.recuperar(referencia, finalidade=FINALIDADE_LAUDO)
        if laudo:
            validar_laudo(laudo)
        return laudo or None

    @property
    def laudo_guardado(self) -> str:
        """Nome do laudo guardado para o próximo envio (aviso na página)."""
        referencia = self.referencia_laudo
        return envios.nome_original(referencia, finalidade=FINALIDADE_LAUDO) if referencia else ""

    @property
    def referencia_laudo(self) -> str:
        return getattr(self, "_referencia_laudo", "") or (
            self.data.get("laudo_pcd_ref", "") if self.is_bound else ""
        )

    def reter_laudo(self) -> None:
        """Formulário com erro: guarda o laudo válido para não pedi-lo de novo."""
        if "laudo_pcd" not in self.fields or "laudo_pcd" in self.errors:
            return
        laudo = self.files.get("laudo_pcd")
        if not laudo:
            return
        anterior = self.data.get("laudo_pcd_ref", "")
        if anterior:
            envios.descartar(anterior, finalidade=FINALIDADE_LAUDO)
        self._referencia_laudo = envios.guardar(laudo, finalidade=FINALIDADE_LAUDO)

    def descartar_laudo_guardado(self) -> None:
        """Inscrição gravada: a cópia temporária do laudo não é mais necessária."""
        referencia = self.data.get("laudo_pcd_ref", "")
        if referencia:
            envios.descartar(referencia, finalidade=FINALIDADE_LAUDO)

    # Documentos das categorias do órgão: o mesmo mecanismo do laudo, um por campo
    # ``documento_<código>``, com a referência assinada em ``documento_<código>_ref``.

    def referencia_documento(self, categoria: str) -> str:
        guardadas: dict[str, str] = getattr(self, "_referencias_documentos", {})
        return guardadas.get(categoria) or (
            self.data.get(f"documento_{categoria}_ref", "") if self.is_bound else ""
        )

    def _documento_guardado(self, categoria: str) -> UploadedFile | None:
        """O documento guardado no envio anterior com erro, se a opção segue marcada."""
        referencia = self.data.get(f"documento_{categoria}_ref", "")
        if not referencia or not self.data.get(f"categoria_{categoria}"):
            return None
        return envios.recuperar(referencia, finalidade=finalidade_documento(categoria))

    def reter_documentos(self) -> None:
        """Formulário com erro: guarda cada documento válido para não pedi-lo de novo."""
        guardadas: dict[str, str] = {}
        for categoria in self.categorias_orgao:
            nome = f"documento_{categoria.categoria}"
            arquivo = self.files.get(nome)
            if nome not in self.fields or nome in self.errors or not arquivo:
                continue
            finalidade = finalidade_documento(categoria.categoria)
            if anterior := self.data.get(f"{nome}_ref", ""):
                envios.descartar(anterior, finalidade=finalidade)
            arquivo.seek(0)
            guardadas[categoria.categoria] = envios.guardar(arquivo, finalidade=finalidade)
        self._referencias_documentos = guardadas

    def descartar_documentos_guardados(self) -> None:
        """Inscrição gravada: as cópias temporárias dos documentos não servem mais."""
        for categoria in self.categorias_orgao:
            if referencia := self.data.get(f"documento_{categoria.categoria}_ref", ""):
                envios.descartar(referencia, finalidade=finalidade_documento(categoria.categoria))

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
        email, confirmacao = dados.get("email"), dados.get("email_confirmacao")
        if email and confirmacao and email.strip().lower() != confirmacao.strip().lower():
            self.add_error(
                "email_confirmacao",
                "Confirmação do e-mail: os dois endereços digitados são diferentes.",
            )
        erros = erros_autodeclaracao(
            cor_raca=dados.get("cor_raca", ""),
            concorre_negros=bool(dados.get("concorre_negros")),
            pcd=bool(dados.get("pcd")),
            concorre_pcd=bool(dados.get("concorre_pcd")),
            reserva_pcd=self.selecao.reserva_pcd,
        )
        for campo, mensagem in erros.items():
            if campo != "cor_raca" or "cor_raca" not in self.errors:
                self.add_error(campo, mensagem)
        self._validar_categorias_do_orgao(dados)
        if self.selecao.reserva_pcd and "laudo_pcd" not in self.errors:
            laudo = dados.get("laudo_pcd")
            if dados.get("concorre_pcd") and not laudo:
                self.add_error(
                    "laudo_pcd",
                    "Laudo médico: envie o laudo (PDF) para concorrer às vagas reservadas a "
                    "pessoas com deficiência.",
                )
            elif laudo and not dados.get("pcd"):
                self.add_error(
                    "laudo_pcd",
                    "Laudo médico: envie o laudo somente se declarar ser pessoa com deficiência.",
                )
        return dados

    def _validar_categorias_do_orgao(self, dados: dict[str, Any]) -> None:
        """Ato do órgão no edital: o documento exigido acompanha a opção, e só ela."""
        for categoria in self.categorias_orgao:
            nome = f"documento_{categoria.categoria}"
            if nome not in self.fields or nome in self.errors:
                continue
            arquivo = dados.get(nome) or self._documento_guardado(categoria.categoria)
            dados[nome] = arquivo
            rotulo = categoria.documento_descricao
            if arquivo:
                try:
                    validar_documento_categoria(
                        arquivo, rotulo=rotulo, limite_mb=categoria.documento_tamanho_max_mb
                    )
                except ValidationError as erro:
                    self.add_error(nome, erro)
                    continue
            marcada = dados.get(f"categoria_{categoria.categoria}")
            if marcada and not arquivo:
                self.add_error(
                    nome,
                    f"{rotulo}: envie o documento (PDF) para concorrer às vagas reservadas a "
                    f"{categoria.nome.lower()}.",
                )
            elif arquivo and not marcada:
                self.add_error(
                    nome,
                    f"{rotulo}: envie o documento somente se concorrer às vagas reservadas a "
                    f"{categoria.nome.lower()}.",
                )

    def campos_categorias(self) -> list[tuple[Any, Any, Any, str, str]]:
        """(categoria, campo da opção, campo do documento ou None, referência do
        documento guardado e o nome dele), para o modelo."""
        campos = []
        for c in self.categorias_orgao:
            referencia = self.referencia_documento(c.categoria)
            guardado = (
                envios.nome_original(referencia, finalidade=finalidade_documento(c.categoria))
                if referencia
                else ""
            )
            documento = (
                self[f"documento_{c.categoria}"]
                if f"documento_{c.categoria}" in self.fields
                else None
            )
            campos.append((c, self[f"categoria_{c.categoria}"], documento, referencia, guardado))
        return campos

    def documentos(self) -> dict[str, UploadedFile]:
        """Documentos das categorias do órgão, por código."""
        return {
            c.categoria: self.cleaned_data[f"documento_{c.categoria}"]
            for c in self.categorias_orgao
            if self.cleaned_data.get(f"documento_{c.categoria}")
        }

    def dados(self) -> DadosInscricao:
        d = self.cleaned_data
        return DadosInscricao(
            vaga_id=d["vaga"].pk,
            nome_civil=" ".join(d["nome_civil"].split()),
            nome_social=" ".join(d["nome_social"].split()),
            cpf=d["cpf"],
            data_nascimento=d["data_nascimento"],
            email=d["email"].strip().lower(),
            telefone=d["telefone"],
            instituicao_ensino=d["instituicao_ensino"].strip(),
            curso=d["curso"].strip(),
            periodo_curso=d["periodo_curso"].strip(),
            cor_raca=d["cor_raca"],
            concorre_negros=d["concorre_negros"],
            pcd=bool(d.get("pcd")),
            concorre_pcd=bool(d.get("concorre_pcd")),
            concorre_categorias=tuple(
                c.categoria for c in self.categorias_orgao if d.get(f"categoria_{c.categoria}")
            ),
        )

    def confirmacao(self) -> ConfirmacaoSubstituicao:
        return ConfirmacaoSubstituicao(
            codigo_anterior=self.cleaned_data.get("codigo_anterior", ""),
            autorizacao=self.cleaned_data.get("autorizacao", ""),
        )


class ConsultaComprovanteForm(FormularioAcessivel, forms.Form):
    numero = forms.CharField(label="Número da inscrição", max_length=20)
    codigo = forms.CharField(
        label="Código de verificação",
        max_length=20,
        help_text="Está no comprovante e no e-mail de confirmação.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preparar_campos()


class FiltroSelecoesForm(FormularioAcessivel, forms.Form):
    """Filtros da lista pública de seleções com inscrições abertas ou em breve."""

    orgao = forms.ModelChoiceField(
        label="Órgão", queryset=Orgao.objects.all(), required=False, empty_label="Todos"
    )
    uf = forms.ChoiceField(label="UF", choices=[("", "Todas"), *UF.choices], required=False)
    municipio = forms.CharField(label="Município", max_length=100, required=False)
    nivel = forms.ChoiceField(
        label="Nível", choices=[("", "Todos"), *NivelEnsino.choices], required=False
    )
    area = forms.CharField(label="Área ou curso", max_length=120, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.preparar_campos()


class FiltroInscricoesForm(FormularioAcessivel, forms.Form):
    """Filtros da lista de inscrições de uma seleção (RH)."""

    q = forms.CharField(label="Nome ou número", max_length=200, required=False)
    vaga = forms.ModelChoiceField(
        label="Vaga", queryset=VagaEstagio.objects.none(), required=False, empty_label="Todas"
    )
    concorre_negros = forms.ChoiceField(
        label="Concorre à reserva para negros", choices=SIM_NAO, required=False
    )
    concorre_pcd = forms.ChoiceField(
        label="Concorre à reserva PcD", choices=SIM_NAO, required=False
    )
    situacao = forms.ChoiceField(
        label="Situação",
        choices=[
            ("", "Vigentes"),
            ("todas", "Todas, com as substituídas"),
            *SituacaoInscricao.choices,
        ],
        required=False,
    )

    def __init__(
        self, *args: Any, selecao: Selecao, ve_sensiveis: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["vaga"].queryset = selecao.vagas.all()  # type: ignore[attr-defined]
        # Filtrar pela opção de reserva revela a escolha de cada um: só o gestor.
        if not ve_sensiveis:
            del self.fields["concorre_negros"]
        if not (ve_sensiveis and selecao.reserva_pcd):
            del self.fields["concorre_pcd"]
        self.preparar_campos()

    def filtra_por_reserva(self) -> bool:
        dados = getattr(self, "cleaned_data", {})
        return bool(dados.get("concorre_negros") or dados.get("concorre_pcd"))


class ImportacaoForm(FormularioAcessivel, forms.Form):
    arquivo = forms.FileField(
        label="Arquivo de inscrições (.csv ou .xlsx)",
        help_text="Use o modelo desta página; até 20 MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        linhas = f"{settings.PLANILHA_MAX_LINHAS:,}".replace(",", ".")
        self.fields[
            "arquivo"
        ].help_text = f"Use o modelo desta página; até 20 MB e {linhas} linhas de dados."
        self.preparar_campos()

    def clean_arquivo(self) -> UploadedFile:
        arquivo: UploadedFile = self.cleaned_data["arquivo"]
        nome = (arquivo.name or "").lower()
        if not nome.endswith((".csv", ".xlsx")):
            raise ValidationError("Arquivo: envie um arquivo .csv ou .xlsx.")
        if arquivo.size and arquivo.size > 20 * 1024 * 1024:
            raise ValidationError("Arquivo: o limite é de 20 MB.")
        return arquivo
