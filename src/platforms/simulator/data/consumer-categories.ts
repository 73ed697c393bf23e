/** Consumer electronics and appliances. Brand facts are plausible summaries, not reviews. */
import { brands, category, type Category } from './model.js';

export const CONSUMER_CATEGORIES: readonly Category[] = [
  category('smartphones', '手机', 'smartphones', {
    keywords: [['智能手机', '手机', '旗舰机', '拍照手机'], ['smartphone', 'phone', 'android phone', 'flagship phone']],
    pros: [['续航扎实', '系统流畅', '拍照色彩自然', '快充速度快', '屏幕素质高'], ['all-day battery life', 'a smooth interface', 'natural-looking photos', 'fast charging', 'an excellent display']],
    cons: [['价格偏高', '发热明显', '系统广告较多', '机身偏重', '更新支持周期短'], ['a steep price', 'noticeable heat under load', 'preinstalled bloatware', 'a heavy body', 'a short update window']],
    sources: [['zhihu.com', 'zol.com.cn', 'ithome.com', 'jd.com'], ['gsmarena.com', 'theverge.com', 'androidauthority.com', 'reddit.com']],
  }, brands(`
    华为 | Huawei | huawei.com | 影像系统和信号表现突出 | strong cameras and reception
    苹果 | Apple | apple.com | iOS 生态完整、保值率高 | a polished ecosystem and high resale value
    小米 | Xiaomi | mi.com | 配置堆料足、性价比高 | high specs for the money
    OPPO | OPPO | oppo.com | 外观设计和快充出色 | sleek design and very fast charging
    vivo | vivo | vivo.com.cn | 人像拍摄和屏幕调校好 | great portrait photos and displays
    荣耀 | Honor | honor.com | 续航和护眼屏口碑好 | long battery life and eye-friendly screens
    三星 | Samsung | samsung.com | 屏幕和长期系统更新领先 | class-leading screens and long software support
    一加 | OnePlus | oneplus.com | 性能调校激进、系统干净 | fast performance and a clean OS
    谷歌Pixel | Google Pixel | store.google.com | 计算摄影和原生安卓体验 | computational photography and stock Android
  `)),
  category('laptops', '笔记本电脑', 'laptops', {
    keywords: [['笔记本电脑', '笔记本', '轻薄本', '游戏本', '电脑'], ['laptop', 'notebook computer', 'ultrabook', 'gaming laptop']],
    pros: [['做工扎实', '屏幕素质好', '散热表现稳定', '键盘手感舒适', '续航长'], ['solid build quality', 'a sharp display', 'stable thermals', 'a comfortable keyboard', 'long battery life']],
    cons: [['风扇噪音偏大', '接口偏少', '售后维修贵', '重量偏重', '预装软件多'], ['loud fans', 'too few ports', 'expensive repairs', 'a heavy chassis', 'bloatware out of the box']],
    sources: [['zhihu.com', 'zol.com.cn', 'smzdm.com', 'jd.com'], ['notebookcheck.net', 'pcmag.com', 'rtings.com', 'reddit.com']],
  }, brands(`
    联想 | Lenovo | lenovo.com | ThinkPad 键盘和可靠性口碑好 | reliable ThinkPads with great keyboards
    苹果 | Apple | apple.com | MacBook 续航和屏幕出色 | MacBooks with outstanding battery life
    戴尔 | Dell | dell.com | XPS 做工精致、商用线稳定 | premium XPS builds and dependable business lines
    惠普 | HP | hp.com | 产品线全、商务本稳定 | a wide range and solid business models
    华硕 | ASUS | asus.com | 游戏本性能释放强 | powerful gaming laptops
    华为 | Huawei | huawei.com | MateBook 轻薄且多屏协同方便 | thin MateBooks with handy phone integration
    宏碁 | Acer | acer.com | 入门机型性价比高 | good-value entry models
    机械革命 | Mechrevo | mechrevo.com | 游戏本价格实惠 | affordable gaming machines
  `)),
  category('headphones', '耳机', 'headphones', {
    keywords: [['降噪耳机', '蓝牙耳机', '头戴式耳机', '耳机'], ['headphones', 'earbuds', 'noise cancelling', 'noise-cancelling', 'headset']],
    pros: [['降噪效果强', '音质均衡', '佩戴舒适', '连接稳定', '续航长'], ['strong noise cancelling', 'balanced sound', 'a comfortable fit', 'a stable connection', 'long battery life']],
    cons: [['价格偏贵', '通话降噪一般', '耳压感明显', '充电盒易刮花', '跨平台体验打折'], ['a premium price', 'mediocre call quality', 'noticeable ear pressure', 'a case that scratches easily', 'a weaker experience off its own platform']],
    sources: [['zhihu.com', 'smzdm.com', 'erji.net', 'jd.com'], ['rtings.com', 'soundguys.com', 'whathifi.com', 'reddit.com']],
  }, brands(`
    索尼 | Sony | sony.com | 降噪和音质兼顾 | top-tier noise cancelling and sound
    苹果 | Apple | apple.com | AirPods 与 iPhone 配合无缝 | AirPods that pair seamlessly with iPhone
    Bose | Bose | bose.com | 佩戴舒适、降噪柔和 | very comfortable with gentle noise cancelling
    森海塞尔 | Sennheiser | sennheiser.com | 声音细节丰富 | detailed, audiophile sound
    华为 | Huawei | huawei.com | FreeBuds 通话降噪好 | FreeBuds with clear calls
    漫步者 | Edifier | edifier.com | 入门价位音质不错 | good sound at entry prices
    JBL | JBL | jbl.com | 低频有力、适合运动 | punchy bass for workouts
    Beats | Beats | beatsbydre.com | 外观潮流、低音突出 | stylish looks and heavy bass
  `)),
  category('robot-vacuums', '扫地机器人', 'robot vacuums', {
    keywords: [['扫地机器人', '扫拖一体', '扫地机', '拖地机器人'], ['robot vacuum', 'robovac', 'robot mop', 'robotic vacuum']],
    pros: [['避障识别准确', '吸力强', '基站自清洁省心', '建图快', 'App 操作简单'], ['accurate obstacle avoidance', 'strong suction', 'a self-emptying dock', 'fast mapping', 'a simple app']],
    cons: [['耗材价格贵', '偶尔卡在地毯边', '售后响应慢', '噪音偏大', '拖布容易有异味'], ['pricey consumables', 'getting stuck on rug edges', 'slow after-sales support', 'loud operation', 'mop pads that start to smell']],
    sources: [['zhihu.com', 'smzdm.com', 'jd.com', 'sohu.com'], ['rtings.com', 'vacuumwars.com', 'nytimes.com/wirecutter', 'reddit.com']],
  }, brands(`
    石头 | Roborock | roborock.com | 导航和避障成熟稳定 | mature navigation and obstacle avoidance
    科沃斯 | Ecovacs | ecovacs.com | 基站功能全、产品线丰富 | feature-rich docks and a wide range
    追觅 | Dreame | dreame.tech | 吸力参数领先 | class-leading suction figures
    云鲸 | Narwal | narwal.com | 拖地和自清洁做得好 | excellent mopping and self-cleaning
    iRobot | iRobot | irobot.com | 老牌可靠、维修网点多 | a proven brand with wide service coverage
    米家 | Xiaomi Mijia | mi.com | 价格亲民、接入米家生态 | low prices and smart-home integration
    Eufy | Eufy | eufy.com | 入门款安静实惠 | quiet, affordable entry models
  `)),
  category('home-appliances', '家电', 'home appliances', {
    keywords: [['家电', '空调', '冰箱', '洗衣机', '电器', '热水器'], ['home appliance', 'appliances', 'air conditioner', 'refrigerator', 'fridge', 'washing machine']],
    pros: [['能效等级高', '运行安静', '售后网点覆盖广', '智能联动方便', '用料扎实'], ['high energy efficiency', 'quiet running', 'a wide service network', 'convenient smart controls', 'sturdy materials']],
    cons: [['安装费用不透明', '智能功能鸡肋', '高端型号溢价大', '售后上门慢', '噪音控制一般'], ['opaque installation fees', 'gimmicky smart features', 'a big premium on top models', 'slow service visits', 'average noise control']],
    sources: [['zhihu.com', 'jd.com', 'smzdm.com', 'cheaa.com'], ['consumerreports.org', 'which.co.uk', 'reviewed.com', 'reddit.com']],
  }, brands(`
    美的 | Midea | midea.com | 品类齐全、性价比高 | a full range at good value
    海尔 | Haier | haier.com | 冰箱洗衣机口碑好、服务到位 | well-regarded fridges and washers with good service
    格力 | Gree | gree.com | 空调压缩机技术扎实 | dependable air-conditioner compressors
    西门子 | Siemens | siemens-home.bsh-group.com | 德系做工、洗碗机出色 | German build and excellent dishwashers
    海信 | Hisense | hisense.com | 电视画质和价格平衡 | TVs that balance picture quality and price
    松下 | Panasonic | panasonic.com | 小家电细节用心 | thoughtful small appliances
    TCL | TCL | tcl.com | 大屏电视性价比高 | good-value large TVs
    方太 | Fotile | fotile.com | 油烟机吸力强 | powerful range hoods
  `)),
];
