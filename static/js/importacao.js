// Andamento da prévia de uma importação grande: consulta o progresso e, pronta a
// prévia, recarrega a página (que então a mostra). Sem JavaScript, a página se
// atualiza sozinha (meta refresh dentro de <noscript>) e tem um link manual.
document.addEventListener("DOMContentLoaded", () => {
  const painel = document.querySelector("[data-importacao-andamento]");
  if (!painel) return;
  const barra = painel.querySelector("progress");
  const texto = painel.querySelector("[data-andamento-texto]");
  const consultar = async () => {
    try {
      const resposta = await fetch(painel.dataset.importacaoAndamento, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (!resposta.ok) throw new Error(String(resposta.status));
      const estado = await resposta.json();
      if (estado.estado === "concluida" || estado.estado === "gravada") {
        texto.textContent = estado.estado === "gravada" ? "Importação terminada. Abrindo…" : "Prévia pronta. Abrindo…";
        window.location.reload();
        return;
      }
      if (estado.estado === "gravando") {
        barra.removeAttribute("value"); // indeterminada: a gravação é uma transação só
      } else {
        if (estado.total) barra.max = estado.total;
        barra.value = estado.feitos || 0;
      }
      if (estado.estado === "gravando") texto.textContent = "Gravando as inscrições…";
      else if (estado.estado === "processando") texto.textContent = `Validando: ${estado.feitos || 0} de ${estado.total || "?"} linhas.`;
      else texto.textContent = "Na fila: aguardando o processamento.";
    } catch (erro) {
      texto.textContent = "Não foi possível consultar o andamento; tentando de novo…";
    }
    window.setTimeout(consultar, 1500);
  };
  window.setTimeout(consultar, 500);
});
