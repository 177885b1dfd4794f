// Every <code class="copy"> gets a button that copies its command line.
export function addCopyButtons(root = document) {
  for (const code of root.querySelectorAll("code.copy")) {
    if (code.nextElementSibling?.classList.contains("copy-button") || !code.textContent.trim()) continue;
    const button = document.createElement("button");
    button.className = "copy-button";
    button.type = "button";
    button.textContent = "copy";
    button.onclick = async () => {
      try {
        await navigator.clipboard.writeText(code.textContent);
        button.textContent = "copied";
      } catch {  // no clipboard (a page not served from localhost or https): select it instead
        getSelection().selectAllChildren(code);
        button.textContent = "selected";
      }
    };
    code.after(" ", button);
  }
}

addCopyButtons();
