/* @folio-plugin
{
  "id": "folio.example.vacation-packing",
  "name": "Vacation packing",
  "version": "1.0.0",
  "description": "Plans what to pack for a trip: by destination, length and who comes along, with a picture for each item.",
  "permissions": []
}
*/
// An example Folio plugin, written against the public plugin API only (`folio`, also `joplin`).
// It registers one AI tool, plan_trip_packing, and a renderer that shows its output as a
// checklist with a picture per item. The pictures are small SVGs made here, as data: URLs, because
// a plugin without the `network` permission cannot load anything from the internet. They are made
// by the renderer, not put in the tool's output: the model reads the output, and 21 pictures
// would be four fifths of it (about 14 of 17 KB) and crowd the list itself out of its context.

const CATEGORY_COLORS = {
  Clothes: '#4f7cac',
  Footwear: '#8c5a3c',
  'Rain gear': '#2f8f83',
  'Sun & beach': '#e0a526',
  'Warm layers': '#7a5cb0',
  Toiletries: '#c85a7c',
  Gear: '#5b6b7a',
  Documents: '#6b8e23',
  Dog: '#b5651d',
  Kids: '#e4572e'
};

/** A small picture for an item: a tile in its category's colour, a glyph and the item's initial. */
function thumbnail(name, category) {
  const color = CATEGORY_COLORS[category] || '#777777';
  const glyphs = {
    Clothes: '<path d="M14 14l6-4h8l6 4 4 7-5 3-2-3v17H17V21l-2 3-5-3z" fill="#fff" opacity=".9"/>',
    Footwear: '<path d="M12 30c0-6 2-14 6-14h5l2 8c4 1 11 3 13 6v4H12z" fill="#fff" opacity=".9"/>',
    'Rain gear': '<path d="M24 9c5 7 9 12 9 17a9 9 0 0 1-18 0c0-5 4-10 9-17z" fill="#fff" opacity=".9"/>',
    'Sun & beach': '<circle cx="24" cy="24" r="8" fill="#fff"/><g stroke="#fff" stroke-width="3"><path d="M24 7v5M24 36v5M7 24h5M36 24h5M12 12l3 3M33 33l3 3M12 36l3-3M33 15l3-3"/></g>',
    'Warm layers': '<path d="M24 8v32M10 16l28 16M10 32l28-16" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
    Toiletries: '<rect x="18" y="14" width="12" height="24" rx="3" fill="#fff"/><rect x="21" y="9" width="6" height="6" fill="#fff"/>',
    Gear: '<rect x="13" y="16" width="22" height="20" rx="4" fill="#fff"/><path d="M19 16v-4h10v4" stroke="#fff" stroke-width="3" fill="none"/>',
    Documents: '<rect x="14" y="10" width="20" height="28" rx="2" fill="#fff"/><path d="M18 18h12M18 23h12M18 28h8" stroke="' + color + '" stroke-width="2"/>',
    Dog: '<circle cx="24" cy="29" r="7" fill="#fff"/><circle cx="15" cy="20" r="3.5" fill="#fff"/><circle cx="21" cy="14" r="3.5" fill="#fff"/><circle cx="28" cy="14" r="3.5" fill="#fff"/><circle cx="34" cy="20" r="3.5" fill="#fff"/>',
    Kids: '<circle cx="24" cy="17" r="6" fill="#fff"/><path d="M14 38c0-7 4-12 10-12s10 5 10 12z" fill="#fff"/>'
  };
  const initial = name.trim().charAt(0).toUpperCase().replace(/[<>&"']/g, '');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">' +
    '<rect width="48" height="48" rx="10" fill="' + color + '"/>' +
    (glyphs[category] || '') +
    '<text x="41" y="44" font-family="sans-serif" font-size="11" font-weight="700" fill="#fff" text-anchor="middle">' + initial + '</text>' +
    '</svg>';
  return 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
}

/** What the destination's name suggests about the weather. */
function climateOf(destination) {
  const place = destination.toLowerCase();
  return {
    wet: /lake district|scotland|highlands|wales|ireland|snowdonia|peak district|cornwall|norway|iceland|uk|england|rain/.test(place),
    hot: /beach|coast|island|spain|greece|italy|portugal|thailand|bali|caribbean|mexico|desert|sun/.test(place),
    cold: /ski|alps|snow|lapland|arctic|winter|iceland|mountain|norway/.test(place),
    hiking: /lake district|highlands|peak|national park|trail|mountain|alps|snowdonia|hike/.test(place)
  };
}

function item(name, quantity, category) {
  return { name, quantity, category };
}

/** The packing list for a trip. */
function planPacking(destination, days, companions) {
  const nights = Math.max(1, days);
  const climate = climateOf(destination);
  const items = [
    item('Underwear', nights, 'Clothes'),
    item('Socks', climate.hiking ? nights + 2 : nights, 'Clothes'),
    item('T-shirts', Math.ceil(nights / 2) + 1, 'Clothes'),
    item('Trousers', Math.max(1, Math.ceil(nights / 3)), 'Clothes'),
    item('Sleepwear', 1, 'Clothes'),
    item('Toothbrush and toothpaste', 1, 'Toiletries'),
    item('Phone charger', 1, 'Gear'),
    item('Tickets and ID', 1, 'Documents')
  ];
  if (climate.wet) items.push(item('Waterproof jacket', 1, 'Rain gear'), item('Waterproof trousers', 1, 'Rain gear'));
  if (climate.hiking) items.push(item('Walking boots', 1, 'Footwear'), item('Day rucksack', 1, 'Gear'), item('Map and compass', 1, 'Gear'));
  else items.push(item('Comfortable shoes', 1, 'Footwear'));
  if (climate.hot) items.push(item('Sun cream', 1, 'Sun & beach'), item('Swimwear', 1, 'Sun & beach'), item('Sunglasses', 1, 'Sun & beach'));
  if (climate.cold || climate.wet) items.push(item('Fleece', 1, 'Warm layers'), item('Hat and gloves', 1, 'Warm layers'));
  for (const companion of companions) addCompanion(items, companion.toLowerCase(), nights);
  return items;
}

function addCompanion(items, who, nights) {
  if (/dog|puppy/.test(who)) {
    items.push(
      item('Dog food', nights * 2 + ' meals', 'Dog'),
      item('Lead and harness', 1, 'Dog'),
      item('Travel water bowl', 1, 'Dog'),
      item('Poo bags', nights * 4, 'Dog'),
      item('Old towel for muddy paws', 2, 'Dog'),
      item('Dog bed or blanket', 1, 'Dog')
    );
  } else if (/baby|toddler/.test(who)) {
    items.push(item('Nappies', nights * 6, 'Kids'), item('Wipes', 2, 'Kids'), item('Change of clothes for the baby', nights + 1, 'Kids'));
  } else if (/child|kid|son|daughter/.test(who)) {
    items.push(item('Snacks for the journey', 1, 'Kids'), item('Games and books', 2, 'Kids'));
  }
}

folio.plugins.register({
  onStart: async () => {
    folio.ai.tools.register({
      id: 'plan_trip_packing',
      description:
        'Plans a packing list for a trip. Use it when the user asks what to pack or bring for a trip or holiday. ' +
        'Returns the items with quantities and categories; the app shows them to the user as a checklist with pictures.',
      inputSchema: {
        type: 'object',
        properties: {
          destination: { type: 'string', minLength: 1, maxLength: 200, description: 'Where the trip goes, e.g. "the Lake District"' },
          days: { type: 'integer', minimum: 1, maximum: 60, description: 'How many days the trip lasts' },
          companions: {
            type: 'array',
            items: { type: 'string', maxLength: 100 },
            maxItems: 20,
            description: 'Who else comes along, e.g. ["dog"] or ["partner", "two kids"]; empty when travelling alone'
          }
        },
        required: ['destination', 'days'],
        additionalProperties: false
      },
      // It only computes a list: MCP clients may call it without being granted writes.
      annotations: { readOnlyHint: true },
      handler: async ({ destination, days, companions = [] }) => {
        return { destination, days, companions, items: planPacking(destination, days, companions) };
      },
      render: (input, output) => ({
        type: 'list',
        title: 'Packing for ' + output.days + ' days in ' + output.destination,
        items: output.items.map((entry) => ({
          title: entry.name,
          subtitle: entry.quantity + ' · ' + entry.category,
          thumbnail: thumbnail(entry.name, entry.category),
          checked: false
        }))
      })
    });
  }
});
