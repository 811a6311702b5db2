// Acompanha a geração de um documento em PDF: consulta o progresso e mostra o
// link quando fica pronto. Sem JavaScript, a página continua útil (link manual).
(() => {
  "use strict";
  const INTERVALO_MS = 1500;

  function acompanhar(caixa) {
    const url = caixa.dataset.progressoUrl;
    const campo = (nome) => caixa.querySelector(`[data-campo="${nome}"]`);
    let ultimoAnuncio = "";

    async function consultar() {
      let estado;
      try {
        const resposta = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (!resposta.ok) throw new Error(String(resposta.status));
        estado = await resposta.json();
      } catch (erro) {
        window.setTimeout(consultar, INTERVALO_MS * 4);
        return;
      }
      const barra = campo("progresso");
      if (barra) {
        barra.value = estado.progresso;
        barra.textContent = `${estado.progresso}%`;
      }
      const status = campo("status_texto");
      if (status) status.textContent = estado.status_texto;
      const anuncio = campo("anuncio");
      let texto = `${estado.progresso}% concluído.`;
      if (estado.status === "pronto" && estado.pronto) texto = "Documento pronto para baixar.";
      if (estado.status === "erro") texto = "Não foi possível gerar o documento.";
      if (anuncio && texto !== ultimoAnuncio) {
        anuncio.textContent = texto;
        ultimoAnuncio = texto;
      }
      const link = campo("link");
      if (link && estado.pronto) {
        link.querySelector("a").href = estado.url;
        link.hidden = false;
      }
      const erro = campo("erro");
      if (erro) {
        erro.hidden = estado.status !== "erro";
        const detalhe = erro.querySelector(".small");
        if (detalhe && estado.mensagem) detalhe.textContent = estado.mensagem;
      }
      if (estado.status === "pronto" && !estado.desatualizado) {
        const selo = campo("desatualizado");
        if (selo) selo.hidden = true;
        return;
      }
      if (estado.status !== "erro") window.setTimeout(consultar, INTERVALO_MS);
    }

    if (caixa.dataset.status !== "pronto" || campo("desatualizado")) consultar();
  }

  // Os PDFs de uma versão de resultado (o da versão e o de cada vaga): "n de m prontos".
  function acompanharLote(caixa) {
    const url = caixa.dataset.progressoLoteUrl;
    const campo = (nome) => caixa.querySelector(`[data-campo="${nome}"]`);

    async function consultar() {
      let estado;
      try {
        const resposta = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (!resposta.ok) throw new Error(String(resposta.status));
        estado = await resposta.json();
      } catch (erro) {
        window.setTimeout(consultar, INTERVALO_MS * 4);
        return;
      }
      const barra = campo("barra");
      if (barra) {
        barra.max = estado.total;
        barra.value = estado.prontos;
        barra.textContent = `${estado.prontos} de ${estado.total}`;
      }
      const texto = campo("texto");
      if (texto && texto.textContent !== estado.texto) texto.textContent = estado.texto;
      if (estado.concluido) {
        const atualizar = campo("atualizar");
        if (atualizar) atualizar.hidden = true;
        return;
      }
      window.setTimeout(consultar, INTERVALO_MS * 2);
    }

    if (caixa.dataset.concluido !== "sim") consultar();
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("[data-progresso-url]").forEach(acompanhar);
    document.querySelectorAll("[data-progresso-lote-url]").forEach(acompanharLote);
  });
})();
