/**
 * Version of the reading rules the engine implements. Recorded in every analysis
 * (`AnswerAnalysis.engineVersion`, so in `answers.analysis` for stored answers): a figure can be
 * traced to the engine that produced it. Bump the minor version when a rule changes what is read
 * (a mention, rank, sentiment or citation), the major when the output shape changes.
 *   1.x: before measurement-rules.md (normalised citation urls, ranked tables).
 *   2.0: measurement-rules.md adopted (verbatim urls + normalizedUrl, grouped lists, caution
 *        sections, word segmentation and sense decisions).
 *   2.1: other proper nouns and positional capitals (persons, places, organisations, titles;
 *        English ordinary-word names need brand evidence like Chinese ones), Chinese titles 《…》,
 *        other organisations/places and crossings hidden by the names' dictionary bias; broader
 *        evaluative wording (recommending/advising against in other words), bold-label leads.
 *   2.2: Chinese list shapes (numbering per style: 一、/（一）/1、/1️⃣/🥇/✅ leads; 一、 sections as
 *        groups; numbering continuing across groups; comparison-dimension lines); neutral
 *        readings (pros/cons labels count clauses, balanced entries and balanced answers damped,
 *        descriptive words — plan names, market position, category nouns — no praise).
 *   2.3: an explicit verdict against (avoid, not worth it, hard to recommend, I'd skip it, I
 *        wouldn't buy) keeps full weight in balanced answers, steps and pros/cons entries;
 *        first-person advice against anywhere in a clause; more English problem words; a
 *        sentence ending in "strengths:" is no side label; verdict lines keep their subject.
 *   2.4: product lists whose intro offers them "for reference" / "with links" and whose short items
 *        carry chips are no source lists; 一、 / "Number N" headings and grouped numbered paragraphs
 *        (一、 groups with （1） sub-items) rank by group; step paragraphs and Chinese imperative
 *        leads never rank; a name opening a longer product name at an item lead; explicit balanced
 *        verdicts (优缺点都很明显, a trade-off, a mixed picture) make that brand neutral; "X is
 *        great, unlike Y" is negative for Y; 一般 before a figure is "usually"; winner wording.
 *   2.5: a note answering "What about X?" / "Why not X?" / 至于X / 为什么没有X is about X; qualified
 *        avoid labels ("Not recommended at this size:"); softened advice against (不太建议, "I
 *        wouldn't start a beginner here", "steer … elsewhere", "scores lower than", "go with A over
 *        B"); casual praise (最爱, 必入, "my fave", "daily driver"); inline pros/cons (优点是…;
 *        "X 的缺点："), a con after "but" weighed as written in the balance test; refusals carry
 *        no stance; only an intro's last sentence says what a list is; 快讯 lists never rank;
 *        lower-case acronyms before a product name ("dji Mini"), acronyms are no place heads.
 *   2.6: a ranked entry that tells the reader to wait or limits the brand harshly is advised against
 *        ("I'd hold off for now", "only if you must", "a last resort", 建议先观望, 慎入, 能不办就别办,
 *        等…降价再说; rank stays); a problem stated in prose is the brand's also in the next sentence
 *        that names nobody, unless the sentence says it was fixed; a complaint as a procedure is no
 *        problem; a trailing "…, though <con>" weighs as written in the balance test (one pro, one
 *        con: neutral); more everyday Chinese praise and criticism; "X became …" is brand evidence.
 *   2.7: Chinese list shapes: 1、 before a digit (2、352 X86C, 1、2000 元以内), （1）/1） items under 1、
 *        tiers, a product section beside a steps/tips/advice section is no group, link-title items
 *        with a description are products, leads repeated under dimension headings and a category's
 *        example name (旋转式（代表：欧乐B）) never rank; facts lists and partial refusals never rank;
 *        便宜归便宜 concessions, 前者/后者 preferences, advice against outweighs earlier praise,
 *        "worth it only if …"; Lincoln Center, a quoted title with its year; lexicon words.
 *   2.8: a 一、/（一） section whose sibling sections hold no rankable list (一、Picks beside 二、Notes /
 *        Summary / 说明 prose) is a part of the answer, not a group: its items rank by their own numbers;
 *        "X by Brand" sub-items (Courtyard by Marriott) give the group's index; "Park Hyatt Tokyo"
 *        at an item's lead is a sub-brand, not a person.
 *   2.9: broad-coverage lexicons written by semantic category (adverse events stated as facts,
 *        everyday cons and praise, shadows; ~1 145 English, ~943 Chinese entries); a product line
 *        after a name is part of the name ("Lindt Excellence"); a wordless turn after praise ("…, but
 *        it sleeps warm") is a con; "balance out" is a balanced verdict; fact-field / dimension /
 *        timeline lists, verb-led numbered headings and note / background / comparison sections
 *        rank nothing; grouped emoji sub-items rank by their first group.
 *   2.10: explicit advice against (不太建议, "can't recommend") is negative without other words of
 *        criticism; in "和X比…" X is the compared-with side; after a comparison only its subject
 *        carries; "Be careful with" / 需要留意的 sections are caution sections; date-led lists with
 *        incident fields (Scope:, 涉及车型：) are timelines, not product lists.
 *   2.11: the label is read by a learned model (sentiment-model.ts) from the rules' sums AND the words
 *        of the clauses attributed to the target (names blanked), trained on the training set and
 *        holdouts 1–9; the score is P(positive) − P(negative).
 *   2.12: a list item whose lead is a whole sentence (a fact, a tip, a step) names a product only when
 *        the name opens the sentence: a name inside "In 2024 Stanley confirmed…" does not rank it.
 *   2.13: lists (or groups) led by the same tracked names section after section compare them along
 *        dimensions and rank nothing; after a topic label ("**Budget:** Pit Boss is…") a sentence is
 *        no product title; more balanced-comparison wording (没有绝对的好坏, "there's no single
 *        winner"); the sentiment model is trained on holdouts 10–12 too, with stronger L2 (0.03).
 *   2.14: "Top 5 vendors" titles count a list, they are not item 5; "Not ideal for…" sections are
 *        caution sections; rivals listed under "How it compares" are compared, not offered; a
 *        sentence lead opening with the brand's possessive (X的…, X's…) and a list of sentences two of
 *        which open with the same brand are facts, not product entries.
 */
export const ENGINE_VERSION = '2.14.0';
