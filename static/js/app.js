// Comportamentos progressivos; as páginas funcionam sem JavaScript.
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-confirmar]").forEach((el) => {
    el.addEventListener("click", (ev) => {
      if (!window.confirm(el.dataset.confirmar)) ev.preventDefault();
    });
  });
});
