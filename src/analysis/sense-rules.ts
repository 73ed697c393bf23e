/**
 * Sense rules: when a brand name is also an ordinary word, which occurrences are NOT the brand.
 *
 * Two mechanisms, both data (extend here or per brand through `BrandTarget.exclusions` /
 * `BrandTarget.requireCapitalized`):
 *
 * 1. Exclusion phrases ("shadows"): longer phrases containing the name that mean something else
 *    (小米粥 = millet porridge, 很美的 = "very beautiful", apple pie). The matcher searches them
 *    together with the names, leftmost-longest, so a shadow that covers a name occurrence consumes
 *    it. Keys and phrases are folded (lower case, NFKC) before use.
 * 2. Common English words: a Latin name on this list only counts when written with a capital
 *    first letter ("Apple", "APPLE"; not "an apple"). Sentence-initial false friends ("Apple pie
 *    is…") are caught by the shadows.
 *
 * Separately (matcher.ts): short all-capital Latin names (≤ 3 letters: "LG", "HP") must appear in
 * capitals, so "120 hp" is not HP.
 */

export const EXCLUSION_PHRASES: Readonly<Record<string, readonly string[]>> = {
  小米: [
    '小米粥', '小米饭', '小米椒', '小米辣', '小米面', '小米糕', '小米锅巴', '小米稀饭', '小米南瓜',
    '小米酒', '小米粉', '小米汤', '小米粒', '黄小米', '吃小米', '煮小米', '熬小米', '大米和小米',
    '大米、小米', '小米和大米', '小米、大米', '小米、绿豆', '小米的营养', '小米富含', '一把小米',
  ],
  苹果: [
    '苹果汁', '苹果派', '苹果醋', '苹果树', '苹果园', '苹果皮', '苹果干', '苹果酱', '苹果味', '苹果核',
    '苹果酒', '苹果籽', '苹果片', '苹果泥', '苹果肌', '苹果脸', '红苹果', '青苹果', '烂苹果', '吃苹果',
    '削苹果', '个苹果', '颗苹果', '斤苹果', '苹果富含', '苹果的营养', '苹果、香蕉', '香蕉、苹果', '苹果和香蕉',
    '苹果、梨', '红富士苹果', '烟台苹果', '阿克苏苹果', '苹果籽',
  ],
  美的: [
    '很美的', '最美的', '真美的', '太美的', '好美的', '多美的', '完美的', '优美的', '精美的', '甜美的',
    '唯美的', '柔美的', '绝美的', '秀美的', '华美的', '壮美的', '凄美的', '健美的', '审美的', '美的风景',
    '美的享受', '美的事物', '美的感受', '美的东西', '美的追求', '美的体验', '赞美的', '醇美的', '俊美的', '鲜美的',
  ],
  荣耀: ['王者荣耀', '荣耀感', '无上荣耀', '荣耀归于', '的荣耀与', '荣耀与梦想', '集体荣耀', '荣耀时刻'],
  联想: [
    '联想到', '联想起', '让人联想', '令人联想', '联想力', '产生联想', '自由联想', '联想记忆', '联想词', '不禁联想',
    '引发联想', '浮想联翩',
  ],
  一加: ['一加一', '一加二', '一加三'],
  长城: ['万里长城', '长城脚下', '爬长城', '登长城', '八达岭长城', '慕田峪长城', '长城遗址', '长城景区'],
  大众: ['大众点评', '大众化', '普通大众', '社会大众', '面向大众', '大众市场', '大众消费', '广大群众', '大众眼中', '大众认知'],
  京东: ['京东方'],
  三星: ['三星级', '三星堆', '三星好评'],
  奔驰: ['奔驰在', '奔驰而', '骏马奔驰', '飞速奔驰', '一路奔驰'],
  apple: [
    'apple juice', 'apple pie', 'apple tree', 'apple cider', 'apple sauce', 'apple orchard', 'big apple',
    "adam's apple", 'apple of my eye', 'candy apple', 'apple crumble', 'apple slices', 'green apple',
    'red apple', 'rotten apple', 'toffee apple', 'apple crisp', 'apple vinegar', 'apple a day', 'apples and oranges',
  ],
  amazon: ['amazon rainforest', 'amazon river', 'amazon basin', 'amazon jungle'],
  oracle: ['oracle of delphi', 'oracle at delphi'],
  shell: ['shell script', 'shell command', 'bash shell', 'command shell', 'shell scripting'],
  windows: ['windows and doors', 'double-glazed windows'],
  // Everyday collocations of other common-word names (the capital of a sentence's first word
  // proves nothing: "Mint leaves keep…", "Target audience").
  mint: ['mint leaves', 'mint leaf', 'mint tea', 'mint sauce', 'mint condition', 'mint green', 'mint chocolate', 'fresh mint', 'mint julep', 'mint sprig', 'mint sprigs'],
  target: ['target audience', 'target audiences', 'target market', 'target markets', 'target customer', 'target customers', 'target group', 'target date', 'target heart rate', 'target language', 'on target', 'target weight', 'target zone'],
  square: ['square one', 'square feet', 'square foot', 'square metre', 'square metres', 'square meter', 'square meters', 'square mile', 'square miles', 'square kilometre', 'square kilometres', 'square kilometer', 'square kilometers', 'square root', 'town square', 'square inch', 'square inches', 'square table', 'fair and square'],
  delta: ['river delta', 'delta variant', 'delta wave', 'delta waves'],
  subway: ['subway station', 'subway stations', 'subway line', 'subway lines', 'subway car', 'subway cars', 'subway tile', 'subway tiles'],
  signal: ['signal strength', 'turn signal', 'traffic signal', 'signal-to-noise'],
  edge: ['cutting edge', 'cutting-edge', 'edge case', 'edge cases', 'competitive edge', 'leading edge', 'on edge', 'the edge of'],
  chrome: ['chrome finish', 'chrome-plated', 'chrome plated'],
  nest: ['nest egg', "bird's nest", 'empty nest', 'empty nesters'],
  ring: ['boxing ring', 'wedding ring', 'engagement ring', 'ring finger', 'onion rings', 'ring the bell', 'ring the doorbell'],
  echo: ['echo chamber', 'echo chambers'],
  surface: ['surface area', 'surface level', 'surface tension'],
  canon: ['literary canon', 'canon law', 'canon event'],
  corona: ['solar corona', 'corona virus'],
  dove: ['dove of peace', 'mourning dove', 'white dove'],
  gap: ['gap year', 'gender gap', 'pay gap', 'wage gap', 'the gap between', 'generation gap', 'skills gap'],
  orange: ['orange juice', 'orange peel', 'blood orange', 'orange zest'],
  visa: ['visa application', 'tourist visa', 'work visa', 'student visa', 'visa requirements', 'visa-free', 'visa on arrival'],
  united: ['united states', 'united kingdom', 'united nations', 'united arab emirates'],
  honor: ['honor roll', 'honor system', 'maid of honor', 'guest of honor'],
};

/** Latin brand names that are also everyday English words: capital first letter required. */
export const COMMON_WORD_NAMES: ReadonlySet<string> = new Set([
  'apple', 'amazon', 'oracle', 'shell', 'target', 'gap', 'dove', 'mint', 'notion', 'slack', 'zoom',
  'square', 'stripe', 'visa', 'subway', 'orange', 'jaguar', 'puma', 'corona', 'windows', 'office',
  'edge', 'chrome', 'meta', 'signal', 'line', 'honor', 'nothing', 'ring', 'nest', 'pixel', 'surface',
  'monday', 'asana', 'basecamp', 'linear', 'discord', 'close', 'copper', 'nimble', 'keep', 'bolt',
  'uber', 'lime', 'bird', 'mercury', 'delta', 'united', 'frontier', 'spirit', 'alpine', 'genesis',
  'fiat', 'seat', 'smart', 'polestar', 'canon', 'sharp', 'pilot', 'bic', 'tide', 'ivory', 'crest',
  'scope', 'glad', 'pledge', 'raid', 'off', 'joy', 'ajax', 'fairy', 'vanish', 'persil', 'bounty',
  'mars', 'twix', 'galaxy', 'quest', 'kindle', 'echo', 'alexa', 'siri', 'word', 'excel',
]);

/** Upper bound for names treated as acronyms ("LG", "HP", "BYD"): must appear in capitals. */
export const ACRONYM_MAX_LENGTH = 3;
