import type { PhotoLanguage } from '@polymath/shared';
import type { PhotoTranslationSegment } from './photo-translate.prompt.ts';

/**
 * The offline demo's stand-in translator (no model key configured): deterministic, and clearly
 * not a real translation. Words found in a small built-in phrase table (sign words: open, exit,
 * coffee, …) are replaced by the target language's word, every other word is kept as it is, and each
 * region starts with the label "[DEMO]" so the drawn image says what it is. Numbers, punctuation and
 * line breaks are kept. Same input, same output: the whole flow (OCR, drawing, download) is real.
 */

export const DEMO_LABEL = '[DEMO]';

/** Columns of the phrase table. */
const COLUMNS = ['en', 'tr', 'de', 'fr', 'es', 'it', 'pt', 'ru', 'ar', 'zh-Hans', 'ja'] as const;

// biome-ignore format: one row per word reads best as a table
const PHRASES: readonly (readonly string[])[] = [
  ['hello', 'merhaba', 'hallo', 'bonjour', 'hola', 'ciao', 'olá', 'привет', 'مرحبا', '你好', 'こんにちは'],
  ['welcome', 'hoş geldiniz', 'willkommen', 'bienvenue', 'bienvenidos', 'benvenuti', 'bem-vindo', 'добро пожаловать', 'أهلا', '欢迎', 'ようこそ'],
  ['open', 'açık', 'geöffnet', 'ouvert', 'abierto', 'aperto', 'aberto', 'открыто', 'مفتوح', '营业', '営業中'],
  ['closed', 'kapalı', 'geschlossen', 'fermé', 'cerrado', 'chiuso', 'fechado', 'закрыто', 'مغلق', '关闭', '閉店'],
  ['exit', 'çıkış', 'ausgang', 'sortie', 'salida', 'uscita', 'saída', 'выход', 'خروج', '出口', '出口'],
  ['entrance', 'giriş', 'eingang', 'entrée', 'entrada', 'ingresso', 'entrada', 'вход', 'دخول', '入口', '入口'],
  ['push', 'itiniz', 'drücken', 'poussez', 'empujar', 'spingere', 'empurre', 'от себя', 'ادفع', '推', '押す'],
  ['pull', 'çekiniz', 'ziehen', 'tirez', 'tirar', 'tirare', 'puxe', 'к себе', 'اسحب', '拉', '引く'],
  ['coffee', 'kahve', 'kaffee', 'café', 'café', 'caffè', 'café', 'кофе', 'قهوة', '咖啡', 'コーヒー'],
  ['tea', 'çay', 'tee', 'thé', 'té', 'tè', 'chá', 'чай', 'شاي', '茶', 'お茶'],
  ['water', 'su', 'wasser', 'eau', 'agua', 'acqua', 'água', 'вода', 'ماء', '水', '水'],
  ['menu', 'menü', 'speisekarte', 'menu', 'menú', 'menù', 'cardápio', 'меню', 'قائمة', '菜单', 'メニュー'],
  ['price', 'fiyat', 'preis', 'prix', 'precio', 'prezzo', 'preço', 'цена', 'السعر', '价格', '価格'],
  ['today', 'bugün', 'heute', "aujourd'hui", 'hoy', 'oggi', 'hoje', 'сегодня', 'اليوم', '今天', '今日'],
  ['street', 'sokak', 'straße', 'rue', 'calle', 'via', 'rua', 'улица', 'شارع', '街', '通り'],
  ['station', 'istasyon', 'bahnhof', 'gare', 'estación', 'stazione', 'estação', 'станция', 'محطة', '车站', '駅'],
  ['toilet', 'tuvalet', 'toilette', 'toilettes', 'baño', 'bagno', 'banheiro', 'туалет', 'مرحاض', '厕所', 'トイレ'],
  ['information', 'bilgi', 'auskunft', 'renseignements', 'información', 'informazioni', 'informação', 'информация', 'معلومات', '信息', '案内'],
  ['stop', 'dur', 'halt', 'arrêt', 'alto', 'fermata', 'pare', 'стоп', 'قف', '停', '止まれ'],
  ['sale', 'indirim', 'ausverkauf', 'soldes', 'rebajas', 'saldi', 'liquidação', 'распродажа', 'تخفيضات', '促销', 'セール'],
  ['free', 'ücretsiz', 'kostenlos', 'gratuit', 'gratis', 'gratis', 'grátis', 'бесплатно', 'مجاني', '免费', '無料'],
  ['good', 'iyi', 'gut', 'bon', 'bueno', 'buono', 'bom', 'хорошо', 'جيد', '好', '良い'],
  ['world', 'dünya', 'welt', 'monde', 'mundo', 'mondo', 'mundo', 'мир', 'العالم', '世界', '世界'],
  ['day', 'gün', 'tag', 'jour', 'día', 'giorno', 'dia', 'день', 'يوم', '天', '日'],
  ['weather', 'hava', 'wetter', 'météo', 'tiempo', 'tempo', 'tempo', 'погода', 'الطقس', '天气', '天気'],
];

/** Every spelling in the table (any column) → its row. Single letters are left out: too ambiguous. */
const ROW_OF = new Map<string, readonly string[]>();
for (const row of PHRASES) {
  for (const word of row) {
    const key = word.toLocaleLowerCase();
    if ([...key].length > 1 && !ROW_OF.has(key)) ROW_OF.set(key, row);
  }
}
/** Chinese and Japanese spellings, longest first: they are found inside text with no spaces. */
const CJK_WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_KEYS = [...ROW_OF.keys()].filter((k) => CJK_WORD.test(k)).sort((a, b) => b.length - a.length);

function targetWord(row: readonly string[], target: PhotoLanguage): string | null {
  const column = (COLUMNS as readonly string[]).indexOf(target.code);
  return column >= 0 ? (row[column] ?? null) : null;
}

/** Carries the source word's case over (EXIT → ÇIKIŞ, Open → Açık) for scripts that have case. */
function withCase(source: string, word: string, target: PhotoLanguage): string {
  if (source === source.toLocaleUpperCase() && source !== source.toLocaleLowerCase()) {
    return word.toLocaleUpperCase(target.code);
  }
  const first = source[0] ?? '';
  if (first !== first.toLocaleLowerCase()) return word.charAt(0).toLocaleUpperCase(target.code) + word.slice(1);
  return word;
}

function translateLine(line: string, target: PhotoLanguage): string {
  let text = line;
  for (const key of CJK_KEYS) {
    if (!text.includes(key)) continue;
    const row = ROW_OF.get(key);
    const word = row && targetWord(row, target);
    if (word) text = text.split(key).join(` ${word} `);
  }
  text = text.replace(/\p{L}[\p{L}\p{M}'’]*/gu, (token) => {
    const row = ROW_OF.get(token.toLocaleLowerCase());
    const word = row && targetWord(row, target);
    return word ? withCase(token, word, target) : token;
  });
  return text.replace(/ {2,}/g, ' ').trim();
}

/** The stand-in translator (the same signature as the model-backed one the job injects). */
export async function demoTranslate(
  segments: readonly PhotoTranslationSegment[],
  ctx: { source: PhotoLanguage | null; target: PhotoLanguage },
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const segment of segments) {
    const lines = segment.text.split('\n').map((line) => translateLine(line, ctx.target));
    out[segment.id] = `${DEMO_LABEL} ${lines.join('\n')}`;
  }
  return out;
}
