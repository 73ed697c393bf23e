/**
 * English sentiment lexicon: [word or phrase, weight]; a trailing "*" matches any word ending
 * ("recommend*" → recommended, recommends, recommendation). Matched on word boundaries.
 * Weight 0 entries shadow polar words used in a neutral sense.
 */
export const EN_LEXICON: ReadonlyArray<readonly [string, number]> = [
  // positive
  ['good', 1], ['great', 1.5], ['excellent', 1.5], ['outstanding', 1.5], ['best', 1.5], ['better', 1],
  ['top pick', 1.5], ['top choice', 1.5], ['top-rated', 1.5], ['highly rated', 1.5], ['leading', 0.5],
  ['reliable', 1], ['reliability', 0.7], ['robust', 1], ['powerful', 1], ['intuitive', 1], ['easy to use', 1],
  ['user-friendly', 1], ['affordable', 1], ['inexpensive', 1], ['great value', 1.5], ['good value', 1.5],
  ['value for money', 1], ['recommend*', 1], ['love*', 1], ['impressive', 1.5], ['impressed', 1], ['strong', 1],
  ['solid', 1], ['fast', 0.7], ['smooth', 1], ['seamless', 1], ['seamlessly', 1], ['flexible', 1],
  ['popular', 0.5], ['trusted', 1], ['innovative', 1], ['polished', 1], ['standout', 1.5], ['favorite', 1],
  ['favourite', 1], ['well-designed', 1], ['versatile', 1], ['comprehensive', 0.7], ['excel*', 1.5],
  ['superb', 1.5], ['efficient', 1], ['secure', 0.7], ['stable', 1], ['responsive', 1], ['generous', 1],
  ['ideal', 1], ['perfect', 1.5], ['praised', 1], ['shines', 1], ['winner', 1.5], ['capable', 0.7],
  ['pros', 0.5], ['advantage*', 0.7], ['benefit*', 0.5], ['strength*', 0.7], ['worth it', 1.5],
  ['worth the', 1], ['worth considering', 1], ['exceptional', 1.5], ['fantastic', 1.5], ['amazing', 1.5],
  ['brilliant', 1.5], ['reputable', 1], ['dependable', 1], ['durable', 1], ['crisp', 0.7], ['vibrant', 0.7],
  ['long battery life', 1], ['clean', 0.5], ['helpful', 1], ['responsive support', 1], ['rich', 0.5],
  ['customizable', 0.7], ['scalable', 0.7], ['pleasant', 1], ['delight*', 1.5], ['satisf*', 1], ['go-to', 1],
  ['must-have', 1.5], ['mature', 0.7], ['broadest', 1], ['widest', 1], ['fun', 1], ['motivating', 1],
  ['engaging', 1], ['enjoyable', 1], ['effective', 1], ['slick', 1], ['comfortable', 1], ['immersive', 1], ['industry-leading', 1.5], ['market leader', 1], ['cheap', 0.3], ['budget-friendly', 1], ['cheaper', 1], ['easiest', 1], ['easy', 0.7], ['reliably', 1], ['easier', 0.7], ['transparent', 0.7], ['low fees', 1], ['low-cost', 1], ['no fees', 1], ['cheapest', 1], ['simpler', 0.7], ['more affordable', 1],
  // recommending and favouring in other words (rules §3: "recommended or favoured")
  ["can't go wrong", 1.5], ['cannot go wrong', 1.5], ['can not go wrong', 1.5], ["won't go wrong", 1.5], ['hard to go wrong', 1.5],
  ['hard to beat', 1.5], ['tough to beat', 1.5], ['difficult to beat', 1.5], ['hard to fault', 1.5], ['easy to recommend', 1.5],
  ['worth every penny', 1.5], ['worth every cent', 1.5], ['worth the money', 1.5], ['worth the price', 1.5], ['worth a look', 1],
  ['worth a try', 1], ['worth trying', 1], ['worth checking out', 1], ['pays for itself', 1.5], ['a steal', 1.5],
  ['gold standard', 1.5], ['unmatched', 1.5], ['unbeatable', 1.5], ['unrivalled', 1.5], ['unrivaled', 1.5], ['second to none', 1.5],
  ['top-notch', 1.5], ['top notch', 1.5], ['top-tier', 1.5], ['first-rate', 1.5], ['world-class', 1.5], ['best-in-class', 1.5],
  ['class-leading', 1.5], ['stellar', 1.5], ['terrific', 1.5], ['wonderful', 1.5], ['superior', 1], ['rock-solid', 1.5],
  ['impeccable', 1.5], ['flawless*', 1.5], ['effortless*', 1], ['painless', 1], ['hassle-free', 1], ['useful', 0.7], ['handy', 0.7],
  ['nice', 0.7], ['beautiful', 1], ['gorgeous', 1], ['decent', 0.5], ['quick', 0.5],
  ['punches above its weight', 1.5], ['stands out', 1], ['stand out', 1], ['stood out', 1], ['shine', 1], ['shone', 1],
  ['nails it', 1.5], ['nails', 1], ['nailed', 1], ['our pick', 1.5], ['my pick', 1.5], ['the pick', 1], ["editor's choice", 1.5],
  ["editors' choice", 1.5], ['leads the pack', 1.5], ['cult following', 1], ['for good reason', 1], ['safe bet', 1.5],
  ['no-brainer', 1.5], ['no brainer', 1.5], ["i'd suggest", 1], ['i would suggest', 1], ['i suggest', 1], ['we suggest', 1],
  ["i'd go with", 1.5], ['i would go with', 1.5], ["we'd go with", 1.5], ["i'd pick", 1.5], ["we'd buy", 1.5], ["i'd buy", 1.5],
  ['would buy', 1], ["where i'd start", 1], ['without a hiccup', 1], ['without a hitch', 1], ['beloved', 1], ['well-loved', 1],
  ['fan favourite', 1.5], ['fan favorite', 1.5], ['crowd favourite', 1.5], ['crowd favorite', 1.5], ['crowd-pleaser', 1.5],
  ['gets my vote', 1.5], ['a joy', 1.5], ['acclaimed', 1], ['award-winning', 1], ['highly regarded', 1.5], ['well regarded', 1],
  ['well-regarded', 1], ['well reviewed', 1], ['well-reviewed', 1], ['rave reviews', 1.5], ['glowing reviews', 1.5],
  ['the one to beat', 1.5], ['one to beat', 1.5], ['lifesaver', 1.5], ['life-saver', 1.5], ['game-changer', 1.5], ['game changer', 1.5],
  ['for the money', 1], ['bang for the buck', 1.5], ['bang for your buck', 1.5], ['dead simple', 1], ['simple', 0.5],
  ['undisputed', 1.5], ['leader', 0.5], ['go-to choice', 1.5], ['dependably', 1], ['comfy', 1], ['breathable', 0.7],
  ['obvious choice', 1.5], ['obvious pick', 1.5], ['should go for', 1], ['toughest', 1], ['built to last', 1.5], ['accurate', 0.7],
  ['most accurate', 1.5],
  // mild favourable description, the usual wording of a recommendation-list item
  ['huge', 0.5], ['extensive', 0.5], ['modern', 0.5], ['sleek', 0.7], ['lightweight', 0.5], ['compact', 0.5], ['portable', 0.5],
  ['quiet', 0.5], ['vivid', 0.7], ['snappy', 0.7], ['precise', 0.7], ['unlimited', 0.5], ['spacious', 0.7], ['roomy', 0.7],
  ['elegant', 0.7], ['stylish', 0.7], ['premium', 0.5], ['sturdy', 1], ['rugged', 0.7], ['rich features', 1], ['feature-rich', 1],
  // negative
  ['bad', -1], ['poor', -1], ['poorly', -1], ['worse', -1], ['worst', -1.5], ['weak', -1], ['weakness*', -1],
  ['expensive', -1], ['pricey', -1], ['overpriced', -1.5], ['costly', -1], ['high price*', -1],
  ['price is high', -1], ['prices are high', -1], ['slow', -1], ['sluggish', -1], ['buggy', -1.5], ['bug', -0.7],
  ['bugs', -1], ['crash*', -1.5], ['complain*', -1], ['issue', -0.7], ['issues', -1], ['problem', -0.7],
  ['problems', -1], ['limited', -0.7], ['lacking', -1], ['lacks', -1], ['clunky', -1], ['confusing', -1],
  ['complicated', -1], ['steep learning curve', -1], ['learning curve', -0.5], ['outdated', -1], ['dated', -0.7],
  ['unreliable', -1.5], ['disappointing', -1.5], ['disappointed', -1.5], ['frustrating', -1.5], ['frustrat*', -1],
  ['difficult', -0.7], ['hard to', -0.7], ['drawback*', -1], ['downside*', -1], ['cons', -0.5], ['concern*', -0.7],
  ['criticized', -1], ['criticised', -1], ['criticism', -1], ['lag', -1], ['lags', -1], ['laggy', -1],
  ['overheat*', -1], ['failure*', -1], ['fails', -1], ['failed', -1], ['scandal', -2], ['lawsuit*', -1.5],
  ['breach*', -1.5], ['declin*', -1], ['mediocre', -1], ['subpar', -1.5], ['inferior', -1], ['restrictive', -1],
  ['hidden fees', -1.5], ['noisy', -1], ['avoid', -1.5], ['annoying', -1], ['terrible', -2], ['awful', -2],
  ['horrible', -2], ['clumsy', -1], ['underwhelming', -1.5], ['unstable', -1.5], ['bloated', -1], ['glitch*', -1],
  ['recall*', -1], ['risk*', -0.7], ['controvers*', -1], ['struggl*', -1], ['pain point*', -1], ['caveat*', -0.5],
  ['downtime', -1], ['outage*', -1.5], ['lock-in', -1], ['steep', -0.7], ['fall short', -1], ['falls short', -1],
  ['not worth', -1.5], ['locked into', -1], ['locked in', -1], ['weaker', -1], ['weakest', -1.5], ['less suitable', -1], ['not the best', -1], ['worse fit', -1.5], ['weaker fit', -1.5], ['pricier', -1], ['slower', -1], ['harder', -0.7], ['dropped', -0.5], ['frequent', -0.3],
  // advising against and problems in other words
  ['overhyped', -1.5], ['over-hyped', -1.5], ['overrated', -1.5], ['far from ideal', -1.5], ['far from perfect', -1],
  ['hard to recommend', -1.5], ['harder to recommend', -1.5], ['harder to justify', -1.5], ['surge pricing', -1], ['hit or miss', -1],
  ['hit-or-miss', -1], ['hassle', -1], ['useless', -1.5], ['froze', -1], ['freezes', -1], ['priciest', -1], ['throttl*', -1],
  ['inconsistent', -1], ['defect*', -1.5], ['shoddy', -1.5], ['flimsy', -1], ['unresponsive', -1], ['difficult to recommend', -1.5], ['tough to recommend', -1.5], ['hard to justify', -1],
  ["wouldn't recommend", -1.5], ['would not recommend', -1.5], ["don't recommend", -1.5], ['do not recommend', -1.5],
  ["can't recommend", -1.5], ['cannot recommend', -1.5], ['not recommended', -1.5], ['no longer recommend*', -1.5],
  ['steer clear', -1.5], ['stay away', -1.5], ['ran hot', -1], ['runs hot', -1], ['runs warm', -0.7], ['price hike*', -1],
  ['price increase*', -0.7], ['prices have risen', -1], ['raised prices', -1], ['risen sharply', -1], ['shut down', -1],
  ['discontinued', -1], ['only average', -0.7], ['wear out', -1], ['wears out', -1], ['dealbreaker', -1.5], ['deal-breaker', -1.5],
  ['letdown', -1.5], ['let down', -1], ['regret*', -1], ['headache*', -1], ['nightmare', -1.5], ['waste of money', -2],
  ['rip-off', -2], ['ripoff', -2], ['scam*', -2],
  // tied to problems (rules §3): regulators, safety, insolvency
  ['fined', -1.5], ['penalt*', -1], ['under investigation', -1.5], ['probe', -1], ['bankrupt*', -2], ['insolven*', -2],
  ['layoff*', -1], ['hacked', -1.5], ['leaked', -1.5], ['data leak*', -1.5], ['contaminat*', -2], ['expired', -1], ['class action', -1.5],
  // engine 2.3: problems and advice against in everyday English wording (rules §3 negative)
  ['security incident*', -1.5], ['incidents', -1], ['cumbersome', -1], ['uneven', -1], ['upsell*', -1], ['hard-to-cancel', -1.5],
  ['hard to cancel', -1.5], ['aggressive renewal', -1], ['auto-renewal', -0.5], ['unfinished', -1], ['patchy', -1], ['uncertain', -0.7],
  ['misleading', -1.5], ['sued', -1.5], ['fraud*', -2], ['collapsed', -1.5], ['billing errors', -1], ['data caps', -0.7],
  ['long wait*', -1], ['wait times are long', -1], ['surprise price hike*', -1.5], ['worst in the industry', -2], ['not a place to', -1.5],
  ['not the place to', -1.5], ['poor deal', -1.5], ['bad deal', -1.5], ['stopped selling', -1], ['settled with', -1],
  // comparatives that favour a side ("the safer choice", "a more sensible choice")
  ['safer', 1], ['safer choice', 1.5], ['safer pick', 1.5], ['more sensible', 1], ['sensible choice', 1], ['better buy', 1.5],
  ['better choice', 1.5], ['better option*', 1.5], ['better fit', 1],
  // neutral shadows
  ['best-known', 0], ['best known', 0], ['good to know', 0], ['worth noting', 0], ['issue tracking', 0],
  ['issue tracker', 0], ['problem solving', 0], ['bug tracking', 0], ['risk management', 0], ['leading to', 0],
  ['better known', 0], ['limited edition', 0], ['limited-time', 0], ['free trial', 0], ['fast charging', 0.5],
  // sales rank, not a judgement (rules §3: good numbers without evaluative wording stay neutral)
  ['best-selling', 0], ['bestselling', 0], ['best-seller*', 0], ['bestseller*', 0], ['top-selling', 0], ['top seller*', 0],
  // engine 2.2: plan names, warranty terms, pros/cons labels and the reader's budget describe,
  // they do not judge (rules §3)
  // market position is a fact (§3: market share stays neutral); it adds little to real praise
  ['leading', 0.3], ['market leader', 0.3], ['surge pricing', 0], ['net loss', -1], ['job cuts', -1],
  ['premium', 0], ['premium feel', 0.7], ['premium build', 1], ['premium design', 0.7], ['limited warranty', 0],
  ['pros', 0], ['cons', 0], ['pros and cons', 0], ['limited budget', 0], ['tight budget', 0],
  // engine 2.4: winner wording (rules §3: the top pick is positive), usage conditions that are no
  // praise ("works best on a 2.4 GHz band"), slowness in everyday wording
  ['number one pick', 1.5], ['number-one pick', 1.5], ['#1 pick', 1.5], ['#1 overall', 1.5], ['number one overall', 1.5],
  ['top recommendation', 1.5], ['first place', 1], ['work best on', 0], ['works best on', 0], ['work best with', 0],
  ['works best with', 0], ['loads slowly', -1], ['load slowly', -1],
  // engine 2.5: casual praise in list items ("my fave!", "my daily driver", "has held up for years"),
  // everyday complaints ("thin and bitter", "overkill", "repetitive"), and "a quick word on X:" is a
  // note's opening, no praise (rules §3)
  ['fave', 1.5], ['faves', 1.5], ['daily driver', 1.5], ['go-to', 1], ['held up', 1], ['holds up', 1], ['hold up', 1],
  ['survived', 1], ['bright', 0.7], ['hand-picked', 1], ['bitter', -1], ['watery', -1], ['overkill', -1],
  ['repetitive', -1], ['quick word', 0], ['quick note', 0], ['surprise charges', -1], ['hidden fees', -1], ['add up fast', -1], ['adds up fast', -1],
  ['lasts only', -1], ['only lasts', -1], ['near the bottom', -1], ['at the bottom', -1], ['disappoints', -1], ['disappoint', -1],
  ['would buy again', 1.5], ['buy it again', 1.5], ['gone downhill', -1.5], ['going downhill', -1.5], ['prices keep rising', -1],
];
