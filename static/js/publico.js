// Melhorias progressivas das páginas públicas; tudo funciona sem JavaScript.
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".botao-imprimir").forEach((botao) => {
    botao.hidden = false;
    botao.addEventListener("click", () => window.print());
  });
});
