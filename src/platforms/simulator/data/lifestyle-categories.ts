/** Food, drink, apparel and personal care. Brand facts are plausible summaries, not reviews. */
import { brands, category, type Category } from './model.js';

export const LIFESTYLE_CATEGORIES: readonly Category[] = [
  category('coffee', '咖啡', 'coffee', {
    keywords: [['咖啡', '拿铁', '美式', '挂耳'], ['coffee', 'espresso', 'latte', 'cafe', 'café']],
    pros: [['豆子新鲜', '口感稳定', '门店多、出杯快', '优惠力度大', '新品上新快'], ['fresh beans', 'consistent taste', 'lots of locations', 'frequent deals', 'regular new drinks']],
    cons: [['高峰期排队久', '甜度偏高', '品质因门店而异', '原价偏贵', '部分新品踩雷'], ['long queues at peak hours', 'drinks that run sweet', 'quality that varies by store', 'high full prices', 'hit-or-miss seasonal drinks']],
    sources: [['zhihu.com', 'xiaohongshu.com', 'dianping.com', 'sohu.com'], ['sprudge.com', 'eater.com', 'reddit.com', 'seriouseats.com']],
  }, brands(`
    瑞幸 | Luckin Coffee | luckincoffee.com | 门店密度高、联名多 | dense store coverage and popular tie-ins
    星巴克 | Starbucks | starbucks.com | 空间体验和品牌认知度高 | a comfortable space and strong brand
    库迪 | Cotti Coffee | cotticoffee.com | 价格低、扩张快 | low prices and rapid expansion
    Manner | Manner Coffee | manner.coffee | 自带杯优惠、咖啡味浓 | strong coffee and a reusable-cup discount
    Tims天好咖啡 | Tim Hortons | timhortons.com | 咖啡配贝果的早餐组合 | coffee-and-bagel breakfast combos
    三顿半 | Saturnbird | saturnbird.com | 冻干速溶还原度高 | instant coffee that tastes freshly brewed
    雀巢 | Nescafé | nescafe.com | 速溶经典、渠道广 | classic instant coffee available everywhere
    蓝瓶咖啡 | Blue Bottle Coffee | bluebottlecoffee.com | 精品手冲风格 | specialty pour-over style
  `)),
  category('milk-tea', '奶茶', 'milk tea', {
    keywords: [['奶茶', '新茶饮', '茶饮', '果茶'], ['milk tea', 'bubble tea', 'boba', 'tea drinks']],
    pros: [['原料新鲜', '出品稳定', '价格实惠', '新品好喝', '可以选糖度'], ['fresh ingredients', 'consistent drinks', 'low prices', 'tasty new flavours', 'adjustable sweetness']],
    cons: [['排队时间长', '甜度过高', '小料偏少', '食品安全偶有投诉', '涨价明显'], ['long waits', 'too much sugar', 'skimpy toppings', 'occasional food-safety complaints', 'noticeable price rises']],
    sources: [['xiaohongshu.com', 'dianping.com', 'zhihu.com', '36kr.com'], ['eater.com', 'timeout.com', 'reddit.com', 'yelp.com']],
  }, brands(`
    喜茶 | HEYTEA | heytea.com | 芝士奶盖和果茶出名 | famous cheese-foam and fruit teas
    霸王茶姬 | CHAGEE | chagee.com | 原叶鲜奶茶清爽不腻 | light, fresh-leaf milk teas
    蜜雪冰城 | Mixue | mxbc.com | 价格极低、门店遍布 | rock-bottom prices everywhere
    奈雪的茶 | Nayuki | naixue.com | 茶饮配欧包的门店体验 | tea paired with soft bread
    古茗 | Good Me | guming.com | 下沉市场口碑好 | well liked in smaller cities
    茶百道 | ChaPanda | chabaidao.com | 水果茶选择多 | a wide fruit-tea menu
    沪上阿姨 | Auntea Jenny | hushangayi.com | 五谷奶茶有特色 | distinctive grain milk teas
    CoCo都可 | CoCo Fresh Tea | coco-tea.com | 经典珍珠奶茶稳定 | reliable classic pearl milk tea
  `)),
  category('beer', '啤酒', 'beer', {
    keywords: [['啤酒', '精酿'], ['beer', 'lager', 'craft beer', 'ale']],
    pros: [['口感清爽', '麦香足', '性价比高', '渠道好买', '泡沫细腻'], ['a crisp taste', 'rich malt character', 'good value', 'easy to find', 'a fine head']],
    cons: [['口味偏淡', '苦味偏重', '批次差异大', '价格偏高', '容易上头'], ['a watery taste', 'too much bitterness', 'batch-to-batch variation', 'a high price', 'a heavy morning after']],
    sources: [['zhihu.com', 'smzdm.com', 'jd.com', 'sohu.com'], ['beeradvocate.com', 'untappd.com', 'reddit.com', 'vinepair.com']],
  }, brands(`
    青岛啤酒 | Tsingtao | tsingtao.com.cn | 百年老牌、口感均衡 | a century-old, balanced lager
    雪花 | Snow Beer | snowbeer.com.cn | 销量大、口感清淡 | huge volume and a light taste
    百威 | Budweiser | budweiser.com | 国际品牌、夜场常见 | a global brand common in bars
    燕京 | Yanjing | yanjing.com.cn | 北方市场认可度高 | popular in northern China
    喜力 | Heineken | heineken.com | 酒花香气明显 | a distinct hoppy aroma
    哈尔滨啤酒 | Harbin Beer | harbinbeer.com | 价格亲民、口感爽口 | cheap and refreshing
    福佳白 | Hoegaarden | hoegaarden.com | 小麦白啤带橙皮香 | a wheat beer with orange-peel notes
    科罗娜 | Corona | corona.com | 配青柠的清爽风格 | light and served with lime
  `)),
  category('running-shoes', '跑鞋', 'running shoes', {
    keywords: [['运动鞋', '跑步鞋', '跑鞋', '慢跑鞋', '球鞋'], ['running shoe', 'running shoes', 'sneakers', 'trainers', 'runners']],
    pros: [['缓震回弹好', '鞋面透气', '抓地力强', '包裹性好', '耐磨'], ['springy cushioning', 'a breathable upper', 'good grip', 'a secure fit', 'durable outsoles']],
    cons: [['鞋楦偏窄', '价格虚高', '外底容易磨损', '尺码偏小', '做工有瑕疵'], ['a narrow fit', 'inflated prices', 'outsoles that wear fast', 'sizes that run small', 'uneven stitching']],
    sources: [['zhihu.com', 'hupu.com', 'smzdm.com', 'dewu.com'], ['runnersworld.com', 'runrepeat.com', 'believeintherun.com', 'reddit.com']],
  }, brands(`
    耐克 | Nike | nike.com | 竞速跑鞋科技领先 | leading racing-shoe technology
    阿迪达斯 | Adidas | adidas.com | Boost 系列舒适耐穿 | comfortable, durable Boost models
    亚瑟士 | ASICS | asics.com | 稳定支撑适合长距离 | stable support for long runs
    李宁 | Li-Ning | lining.com | 䨻科技中底性价比高 | good-value high-tech midsoles
    安踏 | Anta | anta.com | 国产跑鞋进步明显 | fast-improving home-grown running shoes
    特步 | Xtep | xtep.com | 马拉松选手常用 | a favourite among marathoners
    新百伦 | New Balance | newbalance.com | 宽楦选择多 | plenty of wide sizes
    HOKA | HOKA | hoka.com | 厚底缓震明显 | max-cushion soles
    索康尼 | Saucony | saucony.com | 轻量训练鞋口碑好 | well-loved lightweight trainers
  `)),
  category('skincare', '护肤品', 'skincare', {
    keywords: [['护肤品', '护肤', '面霜', '精华', '乳液', '化妆品'], ['skincare', 'skin care', 'moisturizer', 'moisturiser', 'serum']],
    pros: [['温和不刺激', '保湿效果好', '成分透明', '吸收快', '敏感肌友好'], ['a gentle formula', 'lasting hydration', 'transparent ingredients', 'quick absorption', 'suitability for sensitive skin']],
    cons: [['价格偏贵', '部分人用后闷痘', '香精味重', '效果因人而异', '专柜与网店价差大'], ['a high price', 'breakouts for some users', 'a strong fragrance', 'results that vary a lot', 'big price gaps between stores']],
    sources: [['xiaohongshu.com', 'zhihu.com', 'meilishuo.com', 'tmall.com'], ['allure.com', 'byrdie.com', 'reddit.com', 'paulaschoice.com']],
  }, brands(`
    兰蔻 | Lancôme | lancome.com | 小黑瓶精华经典 | its classic Génifique serum
    雅诗兰黛 | Estée Lauder | esteelauder.com | 小棕瓶修护口碑好 | its well-loved Advanced Night Repair
    欧莱雅 | L'Oréal | loreal.com | 平价线成分扎实 | solid formulas at drugstore prices
    珀莱雅 | Proya | proya.com | 国货早C晚A系列热门 | a popular home-grown vitamin C and retinol routine
    薇诺娜 | Winona | winona.cn | 专注敏感肌修护 | a focus on sensitive skin repair
    资生堂 | Shiseido | shiseido.com | 红腰子精华稳定 | its steady Ultimune concentrate
    理肤泉 | La Roche-Posay | laroche-posay.com | 皮肤科医生常推荐 | frequent dermatologist recommendations
    适乐肤 | CeraVe | cerave.com | 神经酰胺修护屏障 | ceramide barrier repair
  `)),
  category('baby-formula', '婴儿奶粉', 'infant formula', {
    keywords: [['婴儿奶粉', '配方奶粉', '奶粉'], ['baby formula', 'infant formula', 'formula milk']],
    pros: [['配方接近母乳', '奶源可追溯', '宝宝不易上火', '冲泡好溶解', '国内渠道正规'], ['a formula close to breast milk', 'traceable milk sources', 'being easy on little tummies', 'mixing without lumps', 'reliable local supply']],
    cons: [['价格贵', '断货频繁', '部分宝宝便秘', '跨境版本真假难辨', '口味偏甜'], ['a high price', 'frequent shortages', 'constipation in some babies', 'hard-to-verify import versions', 'a sweet taste']],
    sources: [['zhihu.com', 'babytree.com', 'xiaohongshu.com', 'jd.com'], ['whattoexpect.com', 'babycenter.com', 'healthline.com', 'reddit.com']],
  }, brands(`
    飞鹤 | Feihe | feihe.com | 更适合中国宝宝体质的宣传深入人心 | a formula marketed as tailored to Chinese babies
    爱他美 | Aptamil | aptamil.com | 进口配方口碑稳定 | a trusted imported formula
    美赞臣 | Enfamil | enfamil.com | DHA 含量高 | high DHA content
    惠氏 | Wyeth | wyethnutrition.com | 启赋系列高端 | its premium Illuma line
    君乐宝 | Junlebao | junlebao.com | 国产奶源性价比高 | good-value domestic milk
    伊利 | Yili | yili.com | 渠道广、价格适中 | wide availability at moderate prices
    a2 | a2 Milk | a2milk.com | A2 蛋白更好消化 | easier-to-digest A2 protein
    合生元 | Biostime | biostime.com | 益生菌配方有特色 | a probiotic-focused formula
  `)),
];
