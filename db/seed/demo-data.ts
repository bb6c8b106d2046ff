// Demo content for a fresh shop: categories, products, blog posts, Lagos delivery
// rates and communication platforms. Plain data only, so seeding, tests and
// previews can all share it.

export const categoryNames = [
  "Self-Care Packages",
  "Stress Relief",
  "Gratitude Journals",
  "Motivational Calendars",
  "Self-Care Cards",
  "Colouring Books",
] as const;

export type CategoryName = (typeof categoryNames)[number];

/** Which illustration artwork.ts draws for an item. */
export type Motif = "package" | "stress" | "journal" | "calendar" | "cards" | "colouring";

export const categoryMotif: Record<CategoryName, Motif> = {
  "Self-Care Packages": "package",
  "Stress Relief": "stress",
  "Gratitude Journals": "journal",
  "Motivational Calendars": "calendar",
  "Self-Care Cards": "cards",
  "Colouring Books": "colouring",
};

export type DemoProduct = {
  title: string;
  description: string;
  priceNaira: number;
  /** Discounted selling price; 0 = no discount, otherwise below priceNaira. */
  discountNaira: number;
  size: "XS" | "S" | "M" | "L" | "XL" | null;
  color: string;
  category: CategoryName;
  /** units left; null: not tracked (printed to order, always buyable) */
  stock: number | null;
  motif: Motif;
  /** Index into `palettes` of artwork.ts. */
  palette: number;
  /** How many days ago the product was added. */
  ageDays: number;
  /** Units sold so far (ranks best sellers). */
  soldCount: number;
};

export const demoProducts: DemoProduct[] = [
  // ── Self-Care Packages ────────────────────────────────────────────────
  {
    title: "Rest & Reset Spa Box",
    description:
      "Everything you need for one unhurried evening at home: whipped shea butter, a bar of traditional black soap, a lemongrass soy candle and a satin eye mask. We tuck in a small prompt card so you can write down what you are letting go of before bed. A lovely gift for a friend who has been carrying too much.",
    priceNaira: 38500,
    discountNaira: 29900,
    size: "XL",
    color: "Blush Pink",
    category: "Self-Care Packages",
    stock: 14,
    motif: "package",
    palette: 0,
    ageDays: 12,
    soldCount: 186,
  },
  {
    title: "Sunday Soft Life Hamper",
    description:
      "A generous hamper for slow Sundays: hibiscus and ginger herbal tea, Dead Sea bath salts, a mini gratitude notebook, a silk scrunchie and a vanilla candle in a reusable glass jar. Packed in a keepsake box with tissue and a handwritten note. Order by Thursday for Saturday delivery anywhere in Lagos.",
    priceNaira: 52000,
    discountNaira: 0,
    size: "XL",
    color: "Cream",
    category: "Self-Care Packages",
    stock: 8,
    motif: "package",
    palette: 4,
    ageDays: 40,
    soldCount: 74,
  },
  {
    title: "New Mum Care Package",
    description:
      "For the woman who is suddenly caring for everyone but herself. Inside: unscented shea body butter, caffeine-free chamomile tea, cosy bed socks, a five-minute journal and a set of note cards she can hand to visitors who ask how to help. Gentle, practical and made to be opened one-handed.",
    priceNaira: 46500,
    discountNaira: 37200,
    size: "L",
    color: "Sage Green",
    category: "Self-Care Packages",
    stock: 2,
    motif: "package",
    palette: 1,
    ageDays: 65,
    soldCount: 52,
  },
  {
    title: "Birthday Glow Box",
    description:
      "A cheerful little box for birthdays and promotions: a mini affirmation deck, a fruity lip balm, a rose-scented bath bomb and a glittery pen. It arrives wrapped in butter-yellow paper with a ribbon, so you can send it straight to her office.",
    priceNaira: 27000,
    discountNaira: 0,
    size: "L",
    color: "Butter Yellow",
    category: "Self-Care Packages",
    stock: 21,
    motif: "package",
    palette: 7,
    ageDays: 5,
    soldCount: 33,
  },

  // ── Stress Relief ─────────────────────────────────────────────────────
  {
    title: "Traffic Calm Kit",
    description:
      "A handbag-sized pouch for long commutes: a soft stress ball, a spinner ring, a peppermint roll-on and a card with three breathing exercises you can do with your eyes open. Keep it in the car for the next hold-up on Third Mainland Bridge.",
    priceNaira: 9500,
    discountNaira: 7600,
    size: "S",
    color: "Lavender",
    category: "Stress Relief",
    stock: 47,
    motif: "stress",
    palette: 2,
    ageDays: 18,
    soldCount: 241,
  },
  {
    title: "Lavender & Shea Sleep Set",
    description:
      "A bedtime ritual in three steps: mist your pillow, rub a little lavender and shea balm on your wrists, and slip on the cotton eye mask. The scent is soft rather than perfumy, and the balm also soothes dry hands after a long harmattan day.",
    priceNaira: 16800,
    discountNaira: 0,
    size: "M",
    color: "Dusty Blue",
    category: "Stress Relief",
    stock: 26,
    motif: "stress",
    palette: 6,
    ageDays: 55,
    soldCount: 128,
  },
  {
    title: "Worry Stone & Breathing Cards",
    description:
      "A smooth, thumb-shaped stone to hold when your mind starts racing, with twelve small cards of grounding exercises. Rub the stone slowly while you follow a card. It is quiet enough to use under your desk in a meeting.",
    priceNaira: 5500,
    discountNaira: 0,
    size: null,
    color: "Sage Green",
    category: "Stress Relief",
    stock: 0,
    motif: "stress",
    palette: 1,
    ageDays: 97,
    soldCount: 310,
  },
  {
    title: "Calm Candle Trio",
    description:
      "Three hand-poured soy candles in lemongrass, lavender and vanilla-coconut, each burning for about twenty hours. Light one when you get home to mark the end of the working day. The tins come with lids, so they travel well.",
    priceNaira: 18500,
    discountNaira: 13900,
    size: null,
    color: "Terracotta",
    category: "Stress Relief",
    stock: 9,
    motif: "stress",
    palette: 5,
    ageDays: 30,
    soldCount: 45,
  },

  // ── Gratitude Journals ────────────────────────────────────────────────
  {
    title: "90-Day Gratitude Journal",
    description:
      "Ninety days of short morning and evening prompts that take five minutes, with a weekly check-in page and a monthly reflection. The A5 hardcover has thick cream paper that does not bleed, a ribbon bookmark and an elastic band. Start on any day of the year.",
    priceNaira: 8500,
    discountNaira: 0,
    size: "M",
    color: "Blush Pink",
    category: "Gratitude Journals",
    stock: 38,
    motif: "journal",
    palette: 0,
    ageDays: 20,
    soldCount: 402,
  },
  {
    title: "Morning Pages Guided Journal",
    description:
      "An A5 journal for women who want to start the day clear-headed rather than already behind. Each page asks how you slept, what you need today and one thing you will say no to. Lay-flat binding, so it stays open beside your tea.",
    priceNaira: 7500,
    discountNaira: 5600,
    size: "M",
    color: "Sage Green",
    category: "Gratitude Journals",
    stock: 33,
    motif: "journal",
    palette: 1,
    ageDays: 72,
    soldCount: 215,
  },
  {
    title: "Pocket Gratitude Notebook",
    description:
      "A small softcover notebook with one line a day for a whole year. It fits in your handbag, so you can jot down the good thing while you are still in the queue at the bank. Makes a sweet add-on gift.",
    priceNaira: 3500,
    discountNaira: 0,
    size: "S",
    color: "Peach",
    category: "Gratitude Journals",
    stock: 60,
    motif: "journal",
    palette: 3,
    ageDays: 3,
    soldCount: 19,
  },
  {
    title: "Leatherette Reflection Journal",
    description:
      "Our keepsake journal, with a soft-touch leatherette cover, gold-edged pages and 240 undated pages of gentle prompts on gratitude, grief, growth and joy. It is made to be filled slowly and kept for years.",
    priceNaira: 12500,
    discountNaira: 0,
    size: "M",
    color: "Terracotta",
    category: "Gratitude Journals",
    stock: 6,
    motif: "journal",
    palette: 5,
    ageDays: 110,
    soldCount: 97,
  },

  // ── Motivational Calendars ────────────────────────────────────────────
  {
    title: "2027 Motivational Wall Calendar",
    description:
      "Twelve illustrated months, each with an encouraging line and a small self-care challenge, such as drinking water before coffee or calling an old friend. The large date boxes leave room for school runs, deadlines and owambe dates. Printed on heavy matte paper with a hanging hook.",
    priceNaira: 11500,
    discountNaira: 0,
    size: "L",
    color: "Terracotta",
    category: "Motivational Calendars",
    stock: 44,
    motif: "calendar",
    palette: 5,
    ageDays: 2,
    soldCount: 58,
  },
  {
    title: "2027 Desk Calendar with Affirmations",
    description:
      "A standing desk calendar with a short affirmation for every week of 2027. Flip it on Monday morning before you open your inbox. The easel base is sturdy enough for a busy office desk.",
    priceNaira: 8000,
    discountNaira: 6000,
    size: "M",
    color: "Lavender",
    category: "Motivational Calendars",
    stock: 29,
    motif: "calendar",
    palette: 2,
    ageDays: 9,
    soldCount: 41,
  },
  {
    title: "Undated Habit Tracker Calendar",
    description:
      "Twelve undated monthly grids for building one habit at a time, whether that is a daily walk, eight glasses of water or going to bed before eleven. Colour in each day you keep your promise to yourself and watch the chain grow.",
    priceNaira: 6500,
    discountNaira: 0,
    size: null,
    color: "Butter Yellow",
    category: "Motivational Calendars",
    stock: 17,
    motif: "calendar",
    palette: 7,
    ageDays: 84,
    soldCount: 88,
  },

  // ── Self-Care Cards ───────────────────────────────────────────────────
  {
    title: "Affirmation Card Deck",
    description:
      "Fifty-two pocket cards with affirmations written for real life, on days when the light bill is high and the client is difficult. Pull one in the morning and prop it against your mirror. They come in a sturdy keepsake tin.",
    priceNaira: 6800,
    discountNaira: 0,
    size: "S",
    color: "Blush Pink",
    category: "Self-Care Cards",
    stock: 52,
    motif: "cards",
    palette: 0,
    ageDays: 25,
    soldCount: 355,
  },
  {
    title: "Self-Care Prompt Cards for Busy Women",
    description:
      "Forty small, doable acts of care that each take under ten minutes, such as stepping outside for fresh air, drinking a full glass of water or sending a voice note to someone who makes you laugh. Shuffle the deck and pick one whenever you feel stretched thin.",
    priceNaira: 5900,
    discountNaira: 4500,
    size: "S",
    color: "Peach",
    category: "Self-Care Cards",
    stock: 36,
    motif: "cards",
    palette: 3,
    ageDays: 48,
    soldCount: 172,
  },
  {
    title: "Heart-to-Heart Conversation Cards",
    description:
      "Sixty warm questions for girls' nights, long drives and sister catch-ups, from light and funny to deep. They make it easy to get past “how is work?” and really talk.",
    priceNaira: 7200,
    discountNaira: 0,
    size: "S",
    color: "Butter Yellow",
    category: "Self-Care Cards",
    stock: 24,
    motif: "cards",
    palette: 7,
    ageDays: 14,
    soldCount: 66,
  },
  {
    title: "Boundaries Pocket Cards",
    description:
      "Twenty-four short scripts for saying no kindly and firmly, to the extra weekend task, the aunty asking for a loan, or the group chat that never sleeps. Practise them out loud until they feel like your own words.",
    priceNaira: 4800,
    discountNaira: 0,
    size: "S",
    color: "Dusty Blue",
    category: "Self-Care Cards",
    stock: 1,
    motif: "cards",
    palette: 6,
    ageDays: 90,
    soldCount: 139,
  },

  // ── Colouring Books ───────────────────────────────────────────────────
  {
    title: "Mandala Colouring Book for Adults",
    description:
      "Fifty mandalas, from simple patterns for tired evenings to detailed designs for lazy Saturdays. Every design is printed on one side of thick paper, so markers will not ruin the next page. Perforated edges let you frame your favourites.",
    priceNaira: 7800,
    discountNaira: 0,
    size: "L",
    color: "Lavender",
    category: "Colouring Books",
    stock: 31,
    motif: "colouring",
    palette: 2,
    ageDays: 35,
    soldCount: 204,
  },
  {
    title: "Lagos Living Colouring Book",
    description:
      "Thirty line drawings of the city we love: danfo buses, Balogun market stalls, the Lekki toll gate at sunset and adire patterns. It is a fun way to slow down and look at home with fresh eyes, and it makes a great gift for friends abroad.",
    priceNaira: 9200,
    discountNaira: 6900,
    size: "L",
    color: "Terracotta",
    category: "Colouring Books",
    stock: 19,
    motif: "colouring",
    palette: 5,
    ageDays: 7,
    soldCount: 27,
  },
  {
    title: "Colour & Unwind Gift Set",
    description:
      "Our mandala colouring book with a tin of twenty-four colouring pencils, a sharpener and a small guide to mindful colouring. Everything arrives in one box, ready to give, even if the gift is for you.",
    priceNaira: 15500,
    discountNaira: 11600,
    size: null,
    color: "Sage Green",
    category: "Colouring Books",
    stock: 12,
    motif: "colouring",
    palette: 1,
    ageDays: 58,
    soldCount: 93,
  },
  {
    title: "Affirmation Colouring Postcards",
    description:
      "Twenty postcards, each with an affirmation in hand-lettered outline ready to fill in. Colour one during your lunch break and post it, or pin it above your desk as a quiet reminder.",
    priceNaira: 4200,
    discountNaira: 3200,
    size: "S",
    color: "Peach",
    category: "Colouring Books",
    // printed to order: the stock is not counted
    stock: null,
    motif: "colouring",
    palette: 3,
    ageDays: 120,
    soldCount: 61,
  },
];

export type DemoPost = {
  title: string;
  heading: string;
  paragraphs: string[];
  motif: Motif;
  palette: number;
  ageDays: number;
};

export const demoPosts: DemoPost[] = [
  {
    title: "How to Start a Gratitude Journal You Will Actually Keep",
    heading: "Three lines a night is enough",
    motif: "journal",
    palette: 0,
    ageDays: 4,
    paragraphs: [
      "Most of us have a beautiful notebook somewhere with three pages filled and the rest blank. It is not a lack of discipline. We start with big expectations, a full page of deep thoughts every night, and when life gets busy the habit is the first thing to go. A gratitude journal works best when it is almost too small to skip. Think of it as brushing your teeth for your mind: quick, regular and not something you need to be in the mood for.",
      "Start with three lines. Before you sleep, write three specific things from today that you are glad happened. Specific is the key word. “My family” is true, but it gets stale quickly. “My sister sent me a voice note that made me laugh in traffic” brings the moment back, and your body feels it again. Over time you start noticing good moments while they are happening, because part of you is already collecting them for tonight’s page.",
      "Keep the journal where you will see it: on your pillow, beside your phone charger, or on top of your Bible or Quran if that is part of your night routine. Leave a pen inside. If you miss a day, do not try to catch up. Just write today’s three lines and carry on. A gap is not a failure, and guilt only makes the notebook feel like homework.",
      "Some days will be hard and gratitude will feel forced. On those days it is fine to write small things: the light went off after your food was already cooked, the rain held off until you got home, you had enough data to finish your call. Gratitude does not mean pretending that everything is fine. It means noticing that even a difficult day held a few soft places to land.",
      "After a month, read back through your pages. You will see patterns: the people who show up again and again, the simple things that lift you, the days you were stronger than you thought. That record is worth more than any perfect entry. If you want structure, a guided journal with prompts can help, but any notebook and a few honest lines will do the job.",
    ],
  },
  {
    title: "Staying Calm in Lagos Traffic",
    heading: "Turning the commute into breathing room",
    motif: "stress",
    palette: 2,
    ageDays: 11,
    paragraphs: [
      "If you live in Lagos, you already know that traffic is not a small part of your day. Two hours from Ajah to Ikeja, a bridge hold-up, a sudden diversion, a danfo cutting in front of you. It is easy to arrive at work already tired and irritated, then carry that feeling home in the evening. We cannot fix the roads, but we can change what those hours do to our bodies.",
      "Start with your breath, because it is the one thing you always have with you. Try box breathing: breathe in for four counts, hold for four, breathe out for four, hold for four. Do four rounds while the car is not moving. Your shoulders will drop without you telling them to. If you are driving, keep your eyes open and simply make each breath out a little longer than the breath in.",
      "Next, choose what fills your ears. News and heated radio debates keep your stress up. Make a commute playlist of music that settles you, download a few podcasts you enjoy, or call a friend you never have time to talk to. Some women keep one audiobook just for the car, so traffic becomes the only time they get to hear what happens next. That small pleasure changes how the journey feels.",
      "Keep a little kit within reach: a bottle of water, a small snack, a stress ball or spinner ring for restless hands, and a roll-on with peppermint or lavender. Hunger and thirst make everything feel worse, and having something to do with your hands helps you resist checking work emails at every stop. If you are in a bus or ride-share, close your eyes for a few minutes and rest.",
      "Finally, build a buffer into your day where you can. Leave fifteen minutes earlier, or agree with your manager to start and end a little later on your worst days. When you get home, take five minutes in the car or at the gate before going in. Let the road stay on the road, so the people waiting for you get you and not the traffic.",
    ],
  },
  {
    title: "Rest Is Not a Reward",
    heading: "You do not have to earn a lie-down",
    motif: "package",
    palette: 4,
    ageDays: 23,
    paragraphs: [
      "Many of us grew up watching our mothers work without stopping. First up in the morning, last to sleep, always cooking, selling, checking homework and looking after everyone. We admired that strength, and we quietly learned that resting is something you do only when everything else is finished. The problem is that everything else is never finished. So rest keeps getting pushed to a weekend that never quite comes.",
      "Rest is not laziness. It is maintenance, the same way you service a car before it breaks down on the expressway. When you are running on empty you snap at people you love, forget things, make costly mistakes and catch every cold going round the office. A short, honest break often gets more done than another hour of pushing through while half your mind is elsewhere.",
      "Rest also comes in more than one shape. Sleep is physical rest, and most women we talk to are not getting enough of it. There is also mental rest: a walk without your phone, or twenty minutes of colouring. Social rest means time with people who do not need anything from you. Sensory rest means a dim room, no television and no notifications. Notice which kind you are missing most.",
      "Put rest on your calendar the way you would put a meeting with an important client, because it is one. It could be a long bath on Friday night with a candle and shea butter, a Sunday afternoon nap with the door closed, or one evening a week when you do not cook. Tell the people in your house about it so they can protect that time with you.",
      "If resting makes you feel guilty at first, that is normal. Old habits are loud. Remind yourself that you are not stepping away from your responsibilities but looking after the person who carries them. The people who depend on you need you well for many years, not exhausted for one more week. Start with one small, protected hour this week, notice how you feel afterwards, and let that feeling convince you to do it again.",
    ],
  },
  {
    title: "Boundaries Without Guilt",
    heading: "Kind ways to say no at work and at home",
    motif: "cards",
    palette: 6,
    ageDays: 37,
    paragraphs: [
      "A boundary is simply a line that tells people how to treat you and what you can give. It is not a wall and it is not rude. Many of us were raised to be agreeable, especially as women and especially with elders, so saying no can feel like we are doing something wrong. But every yes you give when you mean no costs you something, and usually that cost comes out of your sleep, your health or your peace.",
      "Start small and practise with low-stakes situations. Decline the extra task that is not your job with a clear, friendly sentence: “I cannot take this on this week, but I can help next Tuesday.” You do not need a long explanation. Long explanations invite negotiation. A short answer said warmly is usually enough, and people adjust faster than you expect. The more often you do it, the less your heart pounds when you say it.",
      "Family boundaries are often harder. When relatives ask for money you do not have, or expect you to host every gathering, it helps to decide your answer before the call comes. You might say, “I cannot do that this month, but I can send something small next month.” Having the words ready stops you agreeing in the moment and regretting it for weeks.",
      "Your phone needs boundaries too. Work group chats that buzz at ten at night quietly tell your brain that you are always on duty. Mute them after working hours, turn off read receipts if you like, and let colleagues know when they can expect a reply. Most emergencies are not emergencies, and the ones that are will find another way to reach you.",
      "Expect some pushback, and do not take it as proof that you are wrong. People who benefited from you having no boundaries may be uncomfortable for a while. Stay kind and stay consistent. Over time, the people who truly care about you will respect your limits, and you will have more energy for the things you really want to say yes to.",
    ],
  },
  {
    title: "A Slow Morning in a Fast City",
    heading: "Fifteen quiet minutes before the day begins",
    motif: "calendar",
    palette: 3,
    ageDays: 52,
    paragraphs: [
      "In Lagos the day often starts at a run. The alarm goes off at five, the generator coughs to life next door, and within minutes you are checking messages, ironing clothes and planning your route around the traffic. By the time you leave the house your heart is already racing. A slow morning does not need to be long. Even fifteen intentional minutes can change the tone of the whole day.",
      "Begin before you touch your phone. Sit up, put your feet on the floor and take five slow breaths. Drink a full glass of water, because after a night in a warm room your body needs it more than it needs coffee. If you can, open a window or step outside for a moment and notice the light, the sounds and the air before the city gets loud.",
      "Next, give your mind something gentle. You might read a short passage from a book you love, pray, write three lines in your journal, or look at the affirmation on your wall calendar and say it out loud. The point is to start with something that feeds you rather than something that demands from you. Emails and news will still be there in fifteen minutes.",
      "Make the night before work for your morning. Lay out your clothes, pack your bag and prepare breakfast, or at least decide what it will be. Charge your phone away from your bed so the first thing you see is not a screen. These small choices remove morning decisions and free up the quiet minutes you are protecting. Ten minutes of preparation at night can easily buy you twenty calm minutes at dawn.",
      "Some mornings will still be chaotic, especially with children, visitors or a surprise early meeting. That is fine. A routine is a home to come back to, not a test to pass. When the day goes sideways, take one slow breath at the sink or in the car and start again from there. Tomorrow you can try again, and the habit will still be waiting for you.",
    ],
  },
  {
    title: "Why Colouring Calms an Anxious Mind",
    heading: "The quiet power of staying inside the lines",
    motif: "colouring",
    palette: 1,
    ageDays: 76,
    paragraphs: [
      "Colouring books are no longer just for children. Many women who pick one up for fun are surprised by how calm they feel after half an hour. There is a simple reason. When you focus on choosing a colour and filling a shape, your mind has one small, achievable task. The endless to-do list and the replay of that awkward conversation fade into the background for a while.",
      "Repetitive, gentle movements like shading, knitting or braiding help the body settle. Your breathing slows, your shoulders soften and your attention narrows to the page. Mandalas are especially good for this, because their circular patterns guide your eye round and round without asking you to make big decisions. You do not need any talent. There is no wrong colour and no one is grading you.",
      "Set up a small ritual around it. Choose a time when you would normally scroll, such as after dinner or before bed. Make a cup of tea, put on soft music or silence, and keep your phone in another room. Start with a simple design if you are tired and save the detailed ones for weekends. Ten minutes counts, and you can always come back to a half-finished page tomorrow.",
      "Colouring can also be social. Invite your sister or friends over for a colouring evening with snacks and good conversation, or colour alongside your children while they do their homework. It is a lovely way to be together without screens. Many women tell us they frame their favourite finished pages, and seeing them on the wall is a quiet reminder to slow down.",
      "If anxiety is heavy or constant, colouring is not a replacement for talking to a professional, and there is no shame in asking for that help. But as a daily tool, it is gentle, affordable and easy to reach for. Keep a book and a few pencils somewhere visible, on the dining table or beside your bed, and let them invite you to pause whenever the day has been too loud.",
    ],
  },
];

export const demoDeliveryRates: { lga: string; chargeNaira: number }[] = [
  // The 20 Lagos State local government areas
  { lga: "Agege", chargeNaira: 2800 },
  { lga: "Ajeromi-Ifelodun", chargeNaira: 3000 },
  { lga: "Alimosho", chargeNaira: 3200 },
  { lga: "Amuwo-Odofin", chargeNaira: 3000 },
  { lga: "Apapa", chargeNaira: 2800 },
  { lga: "Badagry", chargeNaira: 6000 },
  { lga: "Epe", chargeNaira: 5800 },
  { lga: "Eti-Osa", chargeNaira: 3500 },
  { lga: "Ibeju-Lekki", chargeNaira: 5500 },
  { lga: "Ifako-Ijaiye", chargeNaira: 3000 },
  { lga: "Ikeja", chargeNaira: 2500 },
  { lga: "Ikorodu", chargeNaira: 4500 },
  { lga: "Kosofe", chargeNaira: 2800 },
  { lga: "Lagos Island", chargeNaira: 2500 },
  { lga: "Lagos Mainland", chargeNaira: 2000 },
  { lga: "Mushin", chargeNaira: 2000 },
  { lga: "Ojo", chargeNaira: 4000 },
  { lga: "Oshodi-Isolo", chargeNaira: 2500 },
  { lga: "Shomolu", chargeNaira: 2000 },
  { lga: "Surulere", chargeNaira: 1800 },
  // Popular areas shoppers type in directly
  { lga: "Lekki", chargeNaira: 3500 },
  { lga: "Ajah", chargeNaira: 4200 },
  { lga: "Magodo", chargeNaira: 3000 },
  { lga: "Yaba", chargeNaira: 1500 },
];

export const demoCommunicationPlatforms: { name: string; categories: string[] | null }[] = [
  { name: "WhatsApp", categories: ["Order updates", "Coaching reminders", "Promotions"] },
  { name: "Instagram", categories: ["New arrivals", "Wellness tips", "Promotions"] },
  { name: "Email", categories: ["Order updates", "Newsletter", "Coaching reminders", "Promotions"] },
  { name: "SMS", categories: ["Order updates", "Delivery alerts"] },
  { name: "Phone call", categories: null },
];
