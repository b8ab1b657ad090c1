// Code highlighting for answers, loaded only when an answer contains a fenced code block.
export { default as rehypeHighlight } from 'rehype-highlight';
