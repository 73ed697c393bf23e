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
  // neutral shadows
  ['best-known', 0], ['best known', 0], ['good to know', 0], ['worth noting', 0], ['issue tracking', 0],
  ['issue tracker', 0], ['problem solving', 0], ['bug tracking', 0], ['risk management', 0], ['leading to', 0],
  ['better known', 0], ['limited edition', 0], ['limited-time', 0], ['free trial', 0], ['fast charging', 0.5],
];
