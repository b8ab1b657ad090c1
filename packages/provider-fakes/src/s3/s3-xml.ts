import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** S3's XML namespace on its result documents (not on <Error>). */
const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** `<name>value</name>`, escaped; nothing when the value is undefined. */
export function xmlElement(name: string, value: string | number | boolean | undefined): string {
  return value === undefined ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A result document: the declaration and `root` in S3's namespace around `children`. */
export function xmlDocument(root: string, children: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${S3_NAMESPACE}">${children}</${root}>`;
}

const deleteParser = new XMLParser({
  ignoreAttributes: true,
  // Keys are strings whatever they look like ("007", "true").
  parseTagValue: false,
  isArray: (name) => name === 'Object',
});

/**
 * The body of DeleteObjects: `<Delete><Object><Key>…</Key></Object>…<Quiet>true</Quiet></Delete>`.
 * Null when it is not well-formed or not that shape (the caller answers MalformedXML).
 */
export function parseDeleteRequest(xml: string): { keys: string[]; quiet: boolean } | null {
  if (xml.trim() === '' || XMLValidator.validate(xml) !== true) return null;
  const doc = deleteParser.parse(xml) as { Delete?: unknown };
  const root = doc.Delete;
  if (!root || typeof root !== 'object') return null;
  const { Object: objects = [], Quiet } = root as { Object?: unknown[]; Quiet?: unknown };
  const keys: string[] = [];
  for (const entry of objects) {
    const key = entry && typeof entry === 'object' ? (entry as { Key?: unknown }).Key : undefined;
    if (typeof key !== 'string' || key === '') return null;
    keys.push(key);
  }
  if (Quiet !== undefined && Quiet !== 'true' && Quiet !== 'false') return null;
  return { keys, quiet: Quiet === 'true' };
}
