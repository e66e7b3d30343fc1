/**
 * ISO 4217 currencies: how many decimals each has (Intl's data: JPY 0, EUR 2, BHD 3),
 * which one a country uses, and which one an organization's documents are in.
 */

export const DEFAULT_CURRENCY = "EUR";

const decimalsByCode = new Map<string, number>();

/** The currency's minor unit: 2 for EUR (cents), 0 for JPY, 3 for BHD. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsByCode.get(currency);
  if (decimals === undefined) {
    decimals = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    decimalsByCode.set(currency, decimals);
  }
  return decimals;
}

const EURO = "AD AT AX BE BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT";
const DOLLAR = "AS BQ EC FM GU IO MH MP PR PW SV TC TL UM US VG VI";
const OTHERS =
  "AE:AED AF:AFN AG:XCD AI:XCD AL:ALL AM:AMD AO:AOA AR:ARS AU:AUD AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT BF:XOF BG:BGN BH:BHD BI:BIF BJ:XOF " +
  "BM:BMD BN:BND BO:BOB BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD CA:CAD CC:AUD CD:CDF CF:XAF CG:XAF CH:CHF CI:XOF CK:NZD CL:CLP CM:XAF " +
  "CN:CNY CO:COP CR:CRC CU:CUP CV:CVE CW:ANG CX:AUD CZ:CZK DJ:DJF DK:DKK DM:XCD DO:DOP DZ:DZD EG:EGP EH:MAD ER:ERN ET:ETB FJ:FJD FK:FKP " +
  "FO:DKK GA:XAF GB:GBP GD:XCD GE:GEL GG:GBP GH:GHS GI:GIP GL:DKK GM:GMD GN:GNF GQ:XAF GT:GTQ GW:XOF GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF " +
  "ID:IDR IL:ILS IM:GBP IN:INR IQ:IQD IR:IRR IS:ISK JE:GBP JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KI:AUD KM:KMF KN:XCD KP:KPW KR:KRW " +
  "KW:KWD KY:KYD KZ:KZT LA:LAK LB:LBP LC:XCD LI:CHF LK:LKR LR:LRD LS:LSL LY:LYD MA:MAD MD:MDL MG:MGA MK:MKD ML:XOF MM:MMK MN:MNT MO:MOP " +
  "MR:MRU MS:XCD MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NC:XPF NE:XOF NF:AUD NG:NGN NI:NIO NO:NOK NP:NPR NR:AUD NU:NZD NZ:NZD " +
  "OM:OMR PA:PAB PE:PEN PF:XPF PG:PGK PH:PHP PK:PKR PL:PLN PN:NZD PS:ILS PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR SB:SBD SC:SCR " +
  "SD:SDG SE:SEK SG:SGD SH:SHP SJ:NOK SL:SLE SN:XOF SO:SOS SR:SRD SS:SSP ST:STN SX:ANG SY:SYP SZ:SZL TD:XAF TG:XOF TH:THB TJ:TJS TK:NZD " +
  "TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TV:AUD TW:TWD TZ:TZS UA:UAH UG:UGX UY:UYU UZ:UZS VC:XCD VE:VES VN:VND VU:VUV WF:XPF WS:WST YE:YER " +
  "ZA:ZAR ZM:ZMW ZW:ZWG AC:SHP TA:SHP";

const COUNTRY_CURRENCY = new Map<string, string>([
  ...EURO.split(" ").map((country) => [country, "EUR"] as [string, string]),
  ...DOLLAR.split(" ").map((country) => [country, "USD"] as [string, string]),
  ...OTHERS.split(" ").map((pair) => pair.split(":") as [string, string]),
]);

/** The currency a country (ISO 3166-1 alpha-2) pays in, when it is one Intl knows. */
export function countryCurrency(country: string | null | undefined): string | null {
  const code = country ? COUNTRY_CURRENCY.get(country.toUpperCase()) : undefined;
  return code && isCurrency(code) ? code : null;
}

let known: Set<string> | undefined;
export const isCurrency = (code: string) => (known ??= new Set(Intl.supportedValuesOf("currency"))).has(code);

/**
 * The currency an organization's amounts are in: its business details' currency,
 * else its country's (the business details' country, else the one it signed up
 * from), else EUR.
 */
export function organizationCurrency(organization: { country?: string | null; business?: { currency?: string | null; country?: string | null } | null }): string {
  const chosen = organization.business?.currency;
  if (chosen && isCurrency(chosen)) return chosen;
  return countryCurrency(organization.business?.country ?? organization.country) ?? DEFAULT_CURRENCY;
}
