// Code highlighting for answers, loaded only when an answer contains a fenced code block.
import rehypeHighlightPlugin from 'rehype-highlight';

/**
 * rehype-highlight registers its ~40 highlight.js grammars each time the plugin is attached, i.e. for
 * every markdown render (react-markdown builds its processor per render), and highlight.js compiles a
 * grammar on its first use per registration. Attached once here, the grammars are registered and
 * compiled once; every render shares the transform.
 */
const highlightTree = rehypeHighlightPlugin({ detect: false });

export function rehypeHighlight() {
  return highlightTree;
}
