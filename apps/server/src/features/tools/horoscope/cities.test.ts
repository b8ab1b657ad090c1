import { describe, expect, it } from 'vitest';
import { CITIES, findCity, foldForSearch, searchCities } from './cities.ts';
import { isValidTimeZone, utcOffsetMs } from './local-time.ts';

// The 81 provinces in plate-number order, ten to a line.
// biome-ignore format: a table reads better by plate number
const TURKISH_PROVINCES = [
  'Adana', 'Adıyaman', 'Afyonkarahisar', 'Ağrı', 'Amasya', 'Ankara', 'Antalya', 'Artvin', 'Aydın', 'Balıkesir',
  'Bilecik', 'Bingöl', 'Bitlis', 'Bolu', 'Burdur', 'Bursa', 'Çanakkale', 'Çankırı', 'Çorum', 'Denizli',
  'Diyarbakır', 'Edirne', 'Elazığ', 'Erzincan', 'Erzurum', 'Eskişehir', 'Gaziantep', 'Giresun', 'Gümüşhane', 'Hakkari',
  'Hatay', 'Isparta', 'Mersin', 'İstanbul', 'İzmir', 'Kars', 'Kastamonu', 'Kayseri', 'Kırklareli', 'Kırşehir',
  'Kocaeli', 'Konya', 'Kütahya', 'Malatya', 'Manisa', 'Kahramanmaraş', 'Mardin', 'Muğla', 'Muş', 'Nevşehir',
  'Niğde', 'Ordu', 'Rize', 'Sakarya', 'Samsun', 'Siirt', 'Sinop', 'Sivas', 'Tekirdağ', 'Tokat',
  'Trabzon', 'Tunceli', 'Şanlıurfa', 'Uşak', 'Van', 'Yozgat', 'Zonguldak', 'Aksaray', 'Bayburt', 'Karaman',
  'Kırıkkale', 'Batman', 'Şırnak', 'Bartın', 'Ardahan', 'Iğdır', 'Yalova', 'Karabük', 'Kilis', 'Osmaniye',
  'Düzce',
];

describe('the bundled city list', () => {
  it('has several hundred cities with unique ids, real zones and coordinates', () => {
    expect(CITIES.length).toBeGreaterThan(400);
    expect(new Set(CITIES.map((c) => c.id)).size).toBe(CITIES.length);
    for (const c of CITIES) {
      expect(c.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(isValidTimeZone(c.timeZone), c.timeZone).toBe(true);
      expect(Math.abs(c.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(c.longitude)).toBeLessThanOrEqual(180);
      expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
    }
  });

  it("puts each city within a few hours of its zone's standard time (catches a flipped longitude sign)", () => {
    for (const c of CITIES) {
      const offsets = ['2025-01-15T12:00:00Z', '2025-07-15T12:00:00Z'].map((t) => utcOffsetMs(new Date(t), c.timeZone));
      const standardHours = Math.min(...offsets) / 3_600_000;
      const solarHours = c.longitude / 15;
      const gap = ((((solarHours - standardHours + 12) % 24) + 24) % 24) - 12;
      expect(Math.abs(gap), `${c.id}: ${c.longitude}° vs UTC${standardHours}`).toBeLessThan(3);
    }
  });

  it('has every Turkish province capital', () => {
    expect(TURKISH_PROVINCES).toHaveLength(81);
    for (const province of TURKISH_PROVINCES) {
      const [first] = searchCities(province, 1);
      expect(first?.countryCode, province).toBe('TR');
      expect(first?.timeZone).toBe('Europe/Istanbul');
    }
  });

  it('checks a handful of coordinates', () => {
    const near = (id: string, lat: number, lon: number) => {
      const c = findCity(id);
      expect(c, id).toBeDefined();
      expect(Math.abs((c?.latitude ?? 0) - lat)).toBeLessThan(0.1);
      expect(Math.abs((c?.longitude ?? 0) - lon)).toBeLessThan(0.1);
    };
    near('istanbul-tr', 41.01, 28.98);
    near('ankara-tr', 39.93, 32.86);
    near('london-gb', 51.51, -0.13);
    near('new-york-us', 40.71, -74.01);
    near('sydney-au', -33.87, 151.21);
    near('buenos-aires-ar', -34.6, -58.38);
    near('tokyo-jp', 35.68, 139.69);
  });
});

describe('searchCities', () => {
  it('finds Istanbul and Izmir however they are typed', () => {
    for (const q of ['istanbul', 'İstanbul', 'ISTANBUL', 'İSTANBUL', 'Istan'])
      expect(searchCities(q)[0]?.id, q).toBe('istanbul-tr');
    for (const q of ['İzmir', 'izmir', 'IZMIR', 'ızmır']) expect(searchCities(q)[0]?.id, q).toBe('izmir-tr');
    expect(searchCities('Diyarbakir')[0]?.nativeName).toBe('Diyarbakır');
  });

  it('matches native names with accents folded', () => {
    for (const q of ['MÜNCHEN', 'munchen', 'München', 'Munich']) expect(searchCities(q)[0]?.id, q).toBe('munich-de');
    expect(searchCities('lodz')[0]?.nativeName).toBe('Łódź');
    expect(searchCities('sao paulo')[0]?.id).toBe('sao-paulo-br');
    expect(searchCities('Москва')[0]?.id).toBe('moscow-ru');
  });

  it('matches other names, word starts and parts, best first, up to the limit', () => {
    expect(searchCities('Kocaeli')[0]?.id).toBe('izmit-tr');
    expect(searchCities('york')[0]?.id).toBe('new-york-us');
    expect(searchCities('san', 3)).toHaveLength(3);
    expect(searchCities('a', 500).length).toBeLessThanOrEqual(50);
    // An exact name beats a longer one starting with it.
    expect(searchCities('van')[0]?.id).toBe('van-tr');
  });

  it('finds nothing for nothing', () => {
    expect(searchCities('')).toEqual([]);
    expect(searchCities('   ')).toEqual([]);
    expect(searchCities('zzzzqqq')).toEqual([]);
    expect(searchCities('istanbul', 0)).toEqual([]);
  });

  it('folds Turkish and other letters', () => {
    expect(foldForSearch('İĞDIR ıiI')).toBe('igdir iii');
    expect(foldForSearch('Straße Ørsted')).toBe('strasse orsted');
  });
});
