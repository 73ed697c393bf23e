/** Software, cloud, cars and travel services. Brand facts are plausible summaries, not reviews. */
import { brands, category, type Category } from './model.js';

export const TECH_CATEGORIES: readonly Category[] = [
  category('crm', 'CRM软件', 'CRM software', {
    keywords: [['CRM', '客户关系管理', '客户管理系统', '销售管理软件'], ['crm', 'customer relationship management', 'sales software', 'sales pipeline tool']],
    pros: [['流程可配置性强', '报表功能完善', '集成接口丰富', '移动端好用', '实施周期短'], ['highly configurable workflows', 'thorough reporting', 'rich integrations', 'a good mobile app', 'a short rollout']],
    cons: [['价格按席位收费偏贵', '学习成本高', '本地化支持不足', '定制开发依赖厂商', '数据迁移麻烦'], ['expensive per-seat pricing', 'a steep learning curve', 'limited local support', 'customisation that needs consultants', 'painful data migration']],
    sources: [['zhihu.com', '36kr.com', 'woshipm.com', 'infoq.cn'], ['g2.com', 'capterra.com', 'gartner.com', 'techradar.com']],
  }, brands(`
    Salesforce | Salesforce | salesforce.com | 功能最全面的行业标杆 | the most complete, industry-standard suite
    HubSpot | HubSpot | hubspot.com | 免费版好上手、营销一体化 | an easy free tier with built-in marketing
    纷享销客 | Fxiaoke | fxiaoke.com | 连接型 CRM、适配国内企业 | connected CRM built for Chinese companies
    销售易 | Neocrm | xiaoshouyi.com | 中大型企业客户多 | strong with mid-size and large firms
    Zoho CRM | Zoho CRM | zoho.com | 价格友好、模块齐全 | affordable with a full module set
    微软Dynamics 365 | Microsoft Dynamics 365 | dynamics.microsoft.com | 与 Office 和 Teams 深度集成 | deep Office and Teams integration
    金蝶 | Kingdee | kingdee.com | 财务与业务一体化 | finance and sales in one system
    Pipedrive | Pipedrive | pipedrive.com | 销售漏斗直观 | a very visual sales pipeline
  `)),
  category('cloud', '云服务', 'cloud services', {
    keywords: [['云服务器', '云服务', '云计算', '公有云', '云厂商', '云主机'], ['cloud provider', 'cloud hosting', 'cloud service', 'cloud platform', 'iaas', 'cloud']],
    pros: [['节点覆盖广', '稳定性高', '产品线齐全', '新用户优惠多', '文档完善'], ['wide regional coverage', 'high reliability', 'a complete product line', 'generous new-customer credits', 'thorough documentation']],
    cons: [['续费价格高', '工单响应慢', '计费规则复杂', '控制台操作繁琐', '出网流量贵'], ['high renewal prices', 'slow support tickets', 'complex billing', 'a cluttered console', 'expensive egress traffic']],
    sources: [['zhihu.com', 'infoq.cn', 'csdn.net', 'v2ex.com'], ['gartner.com', 'techradar.com', 'news.ycombinator.com', 'reddit.com']],
  }, brands(`
    阿里云 | Alibaba Cloud | aliyun.com | 国内市场份额第一 | the largest share of China’s market
    腾讯云 | Tencent Cloud | cloud.tencent.com | 音视频和游戏场景强 | strong in video and gaming workloads
    华为云 | Huawei Cloud | huaweicloud.com | 政企客户信任度高 | trusted by government and enterprise
    亚马逊云科技 | AWS | aws.amazon.com | 服务最全、全球节点多 | the broadest services and global regions
    微软Azure | Microsoft Azure | azure.microsoft.com | 企业混合云方案成熟 | mature hybrid-cloud options for enterprises
    谷歌云 | Google Cloud | cloud.google.com | 数据分析和 AI 能力强 | strong data analytics and AI
    火山引擎 | Volcano Engine | volcengine.com | 大模型推理价格低 | low-cost model inference
    百度智能云 | Baidu AI Cloud | cloud.baidu.com | 文心大模型配套 | bundled with the ERNIE models
  `)),
  category('ev', '新能源汽车', 'electric vehicles', {
    keywords: [['新能源汽车', '新能源车', '电动汽车', '电动车', '纯电', '插混', '增程'], ['electric vehicle', 'electric car', 'evs', 'ev', 'plug-in hybrid']],
    pros: [['续航扎实', '智能驾驶体验好', '空间宽敞', '补能网络完善', '车机流畅'], ['a solid real-world range', 'capable driver assistance', 'a roomy cabin', 'a good charging network', 'a fast infotainment system']],
    cons: [['冬季续航缩水明显', '保值率一般', '维修等待时间长', '车机偶有卡顿', '悬挂偏硬'], ['a big winter range loss', 'weak resale value', 'long repair waits', 'occasional software glitches', 'a firm ride']],
    sources: [['dongchedi.com', 'autohome.com.cn', 'zhihu.com', 'yiche.com'], ['caranddriver.com', 'insideevs.com', 'electrek.co', 'reddit.com']],
  }, brands(`
    比亚迪 | BYD | byd.com | 刀片电池安全、车型覆盖全 | safe Blade batteries and a full line-up
    特斯拉 | Tesla | tesla.com | 超充网络和软件迭代领先 | the Supercharger network and fast software updates
    理想 | Li Auto | lixiang.com | 增程家庭 SUV 口碑好 | family range-extender SUVs
    问界 | AITO | aito.auto | 华为智驾加持 | Huawei-powered driver assistance
    蔚来 | NIO | nio.com | 换电服务和用户社区 | battery swapping and its owner community
    小鹏 | XPeng | xiaopeng.com | 城市智驾做得早 | early city driver-assistance
    极氪 | Zeekr | zeekr.com | 操控和性能出色 | sharp handling and performance
    零跑 | Leapmotor | leapmotor.com | 配置高、价格低 | lots of features for the price
    小米汽车 | Xiaomi Auto | xiaomiev.com | SU7 设计和生态联动吸睛 | an eye-catching SU7 tied into Xiaomi’s ecosystem
  `)),
  category('travel-booking', '旅行预订平台', 'travel booking sites', {
    keywords: [['订酒店', '酒店预订', '订机票', '旅行平台', '旅游平台', '旅行App', '订票'], ['hotel booking', 'book hotels', 'travel site', 'travel app', 'booking site', 'cheap flights']],
    pros: [['房源和航班选择多', '会员折扣实在', '退改流程清楚', '客服 24 小时在线', '点评真实'], ['a wide choice of hotels and flights', 'real member discounts', 'clear cancellation rules', '24/7 support', 'trustworthy reviews']],
    cons: [['大数据杀熟的投诉', '退款到账慢', '捆绑销售优惠券', '客服难以联系', '部分房源与描述不符'], ['complaints about price discrimination', 'slow refunds', 'bundled add-ons', 'hard-to-reach support', 'listings that do not match reality']],
    sources: [['zhihu.com', 'tousu.sina.com.cn', '36kr.com', 'mafengwo.cn'], ['tripadvisor.com', 'thepointsguy.com', 'reddit.com', 'nerdwallet.com']],
  }, brands(`
    携程 | Trip.com | ctrip.com | 酒店机票资源最全 | the biggest hotel and flight inventory
    飞猪 | Fliggy | fliggy.com | 淘宝会员权益联动 | perks linked to Taobao membership
    美团 | Meituan | meituan.com | 本地酒店和民宿便宜 | cheap local hotels and homestays
    去哪儿 | Qunar | qunar.com | 机票比价方便 | easy flight price comparison
    同程旅行 | Tongcheng Travel | ly.com | 火车票和汽车票方便 | convenient train and bus tickets
    Booking.com | Booking.com | booking.com | 海外酒店覆盖广 | broad international hotel coverage
    爱彼迎 | Airbnb | airbnb.com | 特色民宿多 | unique stays
    Agoda | Agoda | agoda.com | 东南亚酒店价格低 | low prices in Southeast Asia
    Expedia | Expedia | expedia.com | 机酒套餐优惠 | flight-and-hotel bundles
  `)),
];
