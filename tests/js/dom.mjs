// A small DOM for the table tools' tests in Node: elements, text nodes, attributes, CSSOM
// style, events. innerHTML, outerHTML and insertAdjacentHTML throw: the tools must never
// parse markup, and a test that reaches one fails. serialize() writes a tree out with every
// text escaped, so a test can look at what a page would show.

const HTML = "http://www.w3.org/1999/xhtml";

class FakeNode {
  constructor() {
    /** @type {FakeNode[]} */
    this.childNodes = [];
    /** @type {FakeNode | null} */
    this.parentNode = null;
  }

  /** @param {...any} nodes */
  append(...nodes) {
    for (const node of nodes) {
      const child = typeof node === "object" ? node : new FakeText(String(node));
      child.remove?.();
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }

  /** @param {...any} nodes */
  replaceChildren(...nodes) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
    this.append(...nodes);
  }

  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.childNodes;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }

  /** @param {...any} nodes */
  before(...nodes) {
    const parent = this.parentNode;
    if (!parent) return;
    for (const node of nodes) {
      node.remove?.();
      node.parentNode = parent;
      parent.childNodes.splice(parent.childNodes.indexOf(this), 0, node);
    }
  }

  /** @param {...any} nodes */
  after(...nodes) {
    const parent = this.parentNode;
    if (!parent) return;
    let at = parent.childNodes.indexOf(this) + 1;
    for (const node of nodes) {
      node.remove?.();
      node.parentNode = parent;
      parent.childNodes.splice(at++, 0, node);
    }
  }

  get textContent() {
    return this.childNodes.map((c) => c.textContent).join("");
  }

  set textContent(value) {
    this.replaceChildren(new FakeText(String(value)));
  }
}

class FakeText extends FakeNode {
  /** @param {string} data */
  constructor(data) {
    super();
    this.data = data;
  }

  get textContent() {
    return this.data;
  }

  set textContent(value) {
    this.data = String(value);
  }
}

const refuse = () => {
  throw new Error("markup parsing is not allowed in the table tools");
};

export class FakeElement extends FakeNode {
  /** @param {string} tag @param {string} namespace */
  constructor(tag, namespace) {
    super();
    this.localName = tag;
    this.tagName = namespace === HTML ? tag.toUpperCase() : tag;
    this.namespaceURI = namespace;
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {Record<string, Function[]>} */
    this.listeners = {};
    /** @type {Record<string, string>} */
    const props = {};
    this.style = { setProperty: (/** @type {string} */ k, /** @type {string} */ v) => (props[k] = String(v)), props };
  }

  /** @param {string} name @param {any} value */
  setAttribute(name, value) {
    if (!/^[a-zA-Z][a-zA-Z0-9-:]*$/.test(name)) throw new Error(`bad attribute name ${name}`);
    this.attributes.set(name, String(value));
  }

  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  /** @param {string} name */
  hasAttribute(name) {
    return this.attributes.has(name);
  }

  /** @param {string} name */
  removeAttribute(name) {
    this.attributes.delete(name);
  }

  get hidden() {
    return this.attributes.has("hidden");
  }

  set hidden(value) {
    if (value) this.attributes.set("hidden", "");
    else this.attributes.delete("hidden");
  }

  /** @param {string} type @param {Function} fn */
  addEventListener(type, fn) {
    (this.listeners[type] ??= []).push(fn);
  }

  /** @param {string} type */
  dispatch(type) {
    for (const fn of this.listeners[type] ?? []) fn({ type, target: this, preventDefault() {}, stopPropagation() {} });
  }

  /** Elements below this one that pass a test. @param {(e: FakeElement) => boolean} test @returns {FakeElement[]} */
  findAll(test) {
    const found = [];
    for (const child of this.childNodes) {
      if (!(child instanceof FakeElement)) continue;
      if (test(child)) found.push(child);
      found.push(...child.findAll(test));
    }
    return found;
  }

  /** Elements with an attribute (and value). @param {string} name @param {string} [value] */
  withAttribute(name, value) {
    return this.findAll((e) => e.hasAttribute(name) && (value === undefined || e.getAttribute(name) === value));
  }

  click() {
    this.dispatch("click");
  }
}

for (const name of ["innerHTML", "outerHTML"]) Object.defineProperty(FakeElement.prototype, name, { get: refuse, set: refuse });
FakeElement.prototype.insertAdjacentHTML = refuse;

const escape = (/** @type {string} */ s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The tree as markup, every text and attribute escaped. @param {any} node @returns {string} */
export function serialize(node) {
  if (node instanceof FakeText) return escape(node.data);
  const attrs = [...node.attributes].map(([k, v]) => ` ${k}="${escape(v)}"`).join("");
  return `<${node.localName}${attrs}>${node.childNodes.map(serialize).join("")}</${node.localName}>`;
}

/** Install the fake document as globalThis.document. */
export function installDom() {
  const body = new FakeElement("body", HTML);
  globalThis.document = /** @type {any} */ ({
    body,
    createElement: (/** @type {string} */ tag) => new FakeElement(tag.toLowerCase(), HTML),
    createElementNS: (/** @type {string} */ ns, /** @type {string} */ tag) => new FakeElement(tag, ns),
    createTextNode: (/** @type {string} */ data) => new FakeText(String(data)),
    querySelectorAll: () => [],
  });
  return body;
}
