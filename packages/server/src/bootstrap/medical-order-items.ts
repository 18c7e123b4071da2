import type { MedicalOrderCategory } from '@pathconsult/shared';

/**
 * The platform's starting dictionary of order items: the antibodies, special stains and molecular
 * tests a surgical pathology department orders most. Antibodies go by the names printed on the
 * vials (clone-independent); stains and tests carry the Chinese name used on request forms with
 * the English one. Codes are short stable identifiers for interfaces (LIS, reports).
 */
export interface SeedItem {
  category: MedicalOrderCategory;
  name: string;
  code: string;
}

const IHC: readonly string[] = [
  // epithelial and general
  'CK',
  'CK(AE1/AE3)',
  'CK5/6',
  'CK7',
  'CK20',
  'CK19',
  'EMA',
  'Vimentin',
  'Ki-67',
  'P53',
  'P16',
  // breast, gynaecology, urology
  'ER',
  'PR',
  'HER2',
  'AR',
  'GATA3',
  'PAX8',
  'WT1',
  'P63',
  'P40',
  'PSA',
  'NKX3.1',
  // lung, gastrointestinal, liver
  'TTF-1',
  'Napsin A',
  'CDX2',
  'SATB2',
  'Hepatocyte',
  'Glypican-3',
  'Arginase-1',
  // lymphoid and haematopoietic
  'LCA(CD45)',
  'CD3',
  'CD5',
  'CD10',
  'CD20',
  'CD79a',
  'CD30',
  'CD15',
  'CD56',
  'Bcl-2',
  'Bcl-6',
  'MUM1',
  'Cyclin D1',
  'CD138',
  'MPO',
  // vascular, mesenchymal, neural, melanocytic
  'CD31',
  'CD34',
  'ERG',
  'D2-40',
  'Desmin',
  'SMA',
  'Myogenin',
  'MyoD1',
  'S-100',
  'SOX10',
  'HMB45',
  'Melan-A',
  'GFAP',
  'Olig2',
  'CD68',
  'CD117',
  'DOG1',
  'STAT6',
  'β-catenin',
  'INI-1',
  // neuroendocrine, mesothelial, germ cell
  'Syn',
  'CgA',
  'INSM1',
  'Calretinin',
  'SALL4',
  'OCT3/4',
  'PLAP',
  'Inhibin-α',
  // mismatch repair and immunotherapy
  'MLH1',
  'MSH2',
  'MSH6',
  'PMS2',
  'PD-L1',
  'ALK(D5F3)',
  'ROS1(D4D6)',
  'EBV-LMP1',
];

/** Vial names as codes: letters and digits, upper case (CK(AE1/AE3) → CK-AE1-AE3). */
function codeOf(name: string): string {
  return name
    .replace('β', 'BETA')
    .replace('α', 'ALPHA')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const SPECIAL_STAINS: readonly [string, string][] = [
  ['PAS 染色 (PAS)', 'PAS'],
  ['D-PAS 染色 (PAS with diastase)', 'D-PAS'],
  ['六胺银染色 (PASM / Grocott)', 'PASM'],
  ['Masson 三色染色 (Masson trichrome)', 'MASSON'],
  ['网状纤维染色 (Reticulin)', 'RETIC'],
  ['弹力纤维染色 (Elastic fibres, EVG)', 'EVG'],
  ['刚果红染色 (Congo red)', 'CONGO'],
  ['抗酸染色 (Acid-fast, Ziehl-Neelsen)', 'ZN'],
  ['弱抗酸染色 (Modified acid-fast, Fite)', 'FITE'],
  ['吉姆萨染色 (Giemsa)', 'GIEMSA'],
  ['革兰染色 (Gram)', 'GRAM'],
  ['黏液卡红染色 (Mucicarmine)', 'MUCICARMINE'],
  ['阿尔辛蓝染色 (Alcian blue, pH 2.5)', 'AB'],
  ['AB-PAS 染色 (Alcian blue-PAS)', 'AB-PAS'],
  ['普鲁士蓝铁染色 (Perls iron)', 'PERLS'],
  ['苏丹Ⅲ染色 (Sudan III)', 'SUDAN3'],
  ['油红 O 染色 (Oil red O)', 'ORO'],
  ['甲苯胺蓝染色 (Toluidine blue)', 'TB'],
  ['Warthin-Starry 银染色 (Warthin-Starry)', 'WS'],
  ['Fontana-Masson 黑色素染色 (Fontana-Masson)', 'FONTANA'],
  ['von Kossa 钙染色 (von Kossa)', 'KOSSA'],
  ['磷钨酸苏木素染色 (PTAH)', 'PTAH'],
];

const MOLECULAR: readonly [string, string][] = [
  ['EGFR 基因突变检测 (EGFR mutation)', 'EGFR-MUT'],
  ['KRAS 基因突变检测 (KRAS mutation)', 'KRAS-MUT'],
  ['NRAS 基因突变检测 (NRAS mutation)', 'NRAS-MUT'],
  ['BRAF V600E 突变检测 (BRAF V600E)', 'BRAF-V600E'],
  ['PIK3CA 基因突变检测 (PIK3CA mutation)', 'PIK3CA-MUT'],
  ['KIT/PDGFRA 基因突变检测 (KIT/PDGFRA mutation)', 'KIT-PDGFRA'],
  ['ALK 基因重排 FISH (ALK FISH)', 'ALK-FISH'],
  ['ROS1 基因重排 FISH (ROS1 FISH)', 'ROS1-FISH'],
  ['RET 基因重排检测 (RET fusion)', 'RET-FUS'],
  ['MET 扩增/14 号外显子跳跃 (MET)', 'MET'],
  ['HER2 基因扩增 FISH (HER2 FISH)', 'HER2-FISH'],
  ['微卫星不稳定检测 (MSI)', 'MSI'],
  ['EBER 原位杂交 (EBER ISH)', 'EBER'],
  ['1p/19q 共缺失检测 (1p/19q codeletion)', '1P19Q'],
  ['IDH1/2 基因突变检测 (IDH1/2 mutation)', 'IDH'],
  ['MGMT 启动子甲基化 (MGMT methylation)', 'MGMT'],
  ['TERT 启动子突变检测 (TERT promoter)', 'TERT'],
  ['BRCA1/2 基因检测 (BRCA1/2)', 'BRCA'],
  ['HPV 分型检测 (HPV genotyping)', 'HPV'],
  ['IGH/TCR 基因重排克隆性检测 (IG/TCR clonality)', 'CLONALITY'],
  ['MYC/BCL2/BCL6 断裂 FISH (MYC/BCL2/BCL6 FISH)', 'MYC-FISH'],
  ['MDM2 基因扩增 FISH (MDM2 FISH)', 'MDM2-FISH'],
  ['EWSR1 基因断裂 FISH (EWSR1 FISH)', 'EWSR1-FISH'],
  ['SS18 基因断裂 FISH (SS18 FISH)', 'SS18-FISH'],
  ['二代测序多基因检测 (NGS panel)', 'NGS'],
];

export const PLATFORM_ORDER_ITEMS: readonly SeedItem[] = [
  ...IHC.map((name): SeedItem => ({ category: 'ihc', name, code: codeOf(name) })),
  ...SPECIAL_STAINS.map(([name, code]): SeedItem => ({ category: 'special_stain', name, code })),
  ...MOLECULAR.map(([name, code]): SeedItem => ({ category: 'molecular', name, code })),
];
