// Math support for answers, loaded only when an answer contains math (KaTeX is most of its weight).
import 'katex/dist/katex.min.css';

export { default as rehypeKatex } from 'rehype-katex';
export { default as remarkMath } from 'remark-math';
