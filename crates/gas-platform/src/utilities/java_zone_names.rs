//! Java's zone display names, generated data read by `java_zones`.

/// Java's zone display names, generated from Temurin JDK 25.0.3 (CLDR names; JDK 22 and
/// older fell back to the COMPAT data, which printed `TRT` for Istanbul where JDK 25
/// prints `GMT+03:00`). A line `= short std|short dst|long std|long dst` starts a group;
/// the zone IDs that share those names follow. Groups and IDs keep the order of Java's
/// `DateFormatSymbols.getZoneStrings()`, the order `parseDate` tries zone names in
/// (so `CST` is Chicago and `IST` Jerusalem, as in Java). SystemV/* IDs are left out:
/// tzdb lacks their rules, so they resolve as unknown (GMT). Regenerate with:
///
/// ```text
/// for (String[] row : DateFormatSymbols.getInstance(Locale.US).getZoneStrings())
///     System.out.println(row[0] + "\t" + row[2] + "\t" + row[4] + "\t" + row[1] + "\t" + row[3]);
/// // then group rows with equal names, keeping first-appearance order
/// ```
pub(super) const JAVA_ZONE_NAMES: &str = "\
= PST|PDT|Pacific Standard Time|Pacific Daylight Time
America/Los_Angeles PST PST8PDT US/Pacific Canada/Pacific America/Tijuana America/Ensenada
Mexico/BajaNorte America/Vancouver America/Santa_Isabel
= MST|MDT|Mountain Standard Time|Mountain Daylight Time
America/Denver America/Phoenix MST PNT Navajo MST7MDT US/Arizona US/Mountain America/Boise
America/Inuvik America/Creston Canada/Mountain America/Edmonton America/Shiprock
America/Fort_Nelson America/Yellowknife America/Dawson_Creek America/Cambridge_Bay
America/Ciudad_Juarez
= CST|CDT|Central Standard Time|Central Daylight Time
America/Chicago CST CST6CDT US/Central America/Belize America/Merida America/Regina
Canada/Central Mexico/General America/Knox_IN America/Managua America/Ojinaga
America/Resolute America/Winnipeg America/Chihuahua America/Guatemala America/Matamoros
America/Menominee America/Monterrey US/Indiana-Starke America/Costa_Rica
America/El_Salvador America/Mexico_City America/Rainy_River America/Tegucigalpa
Canada/Saskatchewan America/Indiana/Knox America/Rankin_Inlet America/Swift_Current
America/Bahia_Banderas America/Indiana/Tell_City America/North_Dakota/Beulah
America/North_Dakota/Center America/North_Dakota/New_Salem
= EST|EDT|Eastern Standard Time|Eastern Daylight Time
America/New_York America/Indianapolis EST IET EST5EDT Jamaica US/Eastern US/Michigan
America/Cancun America/Cayman America/Nassau America/Panama Canada/Eastern America/Detroit
America/Iqaluit America/Jamaica America/Nipigon America/Toronto America/Atikokan
America/Montreal America/Grand_Turk America/Louisville America/Pangnirtung
America/Thunder_Bay America/Coral_Harbour America/Indiana/Vevay America/Port-au-Prince
America/Indiana/Marengo America/Indiana/Winamac America/Indiana/Vincennes
America/Indiana/Petersburg America/Kentucky/Louisville America/Kentucky/Monticello
America/Indiana/Indianapolis America/Fort_Wayne US/East-Indiana
= HST|HDT|Hawaii-Aleutian Standard Time|Hawaii-Aleutian Daylight Time
Pacific/Honolulu HST US/Hawaii Pacific/Johnston
= AKST|AKDT|Alaska Standard Time|Alaska Daylight Time
America/Anchorage America/Sitka AST US/Alaska America/Nome America/Juneau America/Yakutat
America/Metlakatla
= AST|ADT|Atlantic Standard Time|Atlantic Daylight Time
America/Halifax PRT America/Aruba America/Thule America/Virgin America/Antigua
America/Curacao America/Grenada America/Marigot America/Moncton America/Tortola
Canada/Atlantic America/Anguilla America/Barbados America/Dominica America/St_Kitts
America/St_Lucia Atlantic/Bermuda America/Glace_Bay America/Goose_Bay America/St_Thomas
America/Guadeloupe America/Kralendijk America/Martinique America/Montserrat
America/St_Vincent America/Puerto_Rico America/Blanc-Sablon America/Lower_Princes
America/Port_of_Spain America/Santo_Domingo America/St_Barthelemy
= NST|NDT|Newfoundland Standard Time|Newfoundland Daylight Time
America/St_Johns CNT Canada/Newfoundland
= CET|CEST|Central European Standard Time|Central European Summer Time
Europe/Paris CET ECT MET Poland Europe/Oslo Europe/Rome Africa/Ceuta Africa/Tunis
Europe/Malta Europe/Vaduz Europe/Berlin Europe/Madrid Europe/Monaco Europe/Prague
Europe/Skopje Europe/Tirane Europe/Vienna Europe/Warsaw Europe/Zagreb Europe/Zurich
Africa/Algiers Europe/Andorra Europe/Vatican Europe/Belgrade Europe/Brussels
Europe/Budapest Europe/Busingen Europe/Sarajevo Europe/Amsterdam Europe/Gibraltar
Europe/Ljubljana Europe/Podgorica Europe/Stockholm Europe/Bratislava Europe/Copenhagen
Europe/Luxembourg Europe/San_Marino Atlantic/Jan_Mayen Arctic/Longyearbyen
= GMT|GMT|Greenwich Mean Time|Greenwich Mean Time
GMT GMT0 Etc/GMT Etc/GMT0 Etc/GMT+0 Etc/GMT-0 Greenwich Etc/Greenwich
= IST|IDT|Israel Standard Time|Israel Daylight Time
Asia/Jerusalem Israel Asia/Tel_Aviv
= JST|JDT|Japan Standard Time|Japan Daylight Time
Asia/Tokyo JST Japan
= EET|EEST|Eastern European Standard Time|Eastern European Summer Time
Europe/Bucharest ART EET Egypt Libya Asia/Gaza Asia/Beirut Asia/Hebron Europe/Kiev
Europe/Kyiv Europe/Riga Africa/Cairo Asia/Nicosia Europe/Sofia Europe/Athens
Africa/Tripoli Europe/Nicosia Europe/Tallinn Europe/Vilnius Europe/Chisinau
Europe/Helsinki Europe/Tiraspol Europe/Uzhgorod Europe/Mariehamn Europe/Zaporozhye
Europe/Kaliningrad
= CST|CDT|China Standard Time|China Daylight Time
Asia/Shanghai CTT PRC Asia/Macao Asia/Macau Asia/Harbin Asia/Chongqing Asia/Chungking
= UTC|UTC|Coordinated Universal Time|Coordinated Universal Time
UTC UCT Zulu Etc/UCT Etc/UTC Etc/Zulu Universal Etc/Universal
= GMT|BST|Greenwich Mean Time|British Summer Time
GB GB-Eire Europe/Jersey Europe/London Europe/Belfast Europe/Guernsey Europe/Isle_of_Man
= NZST|NZDT|New Zealand Standard Time|New Zealand Daylight Time
NZ NST Pacific/Auckland Antarctica/McMurdo Antarctica/South_Pole
= ACST|ACDT|Australian Central Standard Time|Australian Central Daylight Time
ACT Australia/North Australia/South Australia/Darwin Australia/Adelaide
Australia/Yancowinna Australia/Broken_Hill
= AEST|AEDT|Australian Eastern Standard Time|Australian Eastern Daylight Time
AET Australia/ACT Australia/NSW Australia/Currie Australia/Hobart Australia/Sydney
Australia/Brisbane Australia/Canberra Australia/Lindeman Australia/Tasmania
Australia/Victoria Australia/Melbourne Antarctica/Macquarie Australia/Queensland
= GMT-03:00|GMT-02:00|Argentina Standard Time|Argentina Summer Time
AGT America/Jujuy America/Cordoba America/Mendoza America/Catamarca America/Buenos_Aires
America/Argentina/Jujuy America/Argentina/Salta America/Argentina/Cordoba
America/Argentina/Mendoza America/Argentina/Tucuman America/Argentina/Ushuaia
America/Argentina/La_Rioja America/Argentina/San_Juan America/Argentina/San_Luis
America/Argentina/Catamarca America/Argentina/Buenos_Aires America/Argentina/Rio_Gallegos
America/Argentina/ComodRivadavia America/Rosario
= GMT-03:00|GMT-02:00|Brasilia Standard Time|Brasilia Summer Time
BET Brazil/East America/Bahia America/Belem America/Maceio America/Recife America/Santarem
America/Araguaina America/Fortaleza America/Sao_Paulo
= GMT+06:00|GMT+07:00|Bangladesh Standard Time|Bangladesh Summer Time
BST Asia/Dacca Asia/Dhaka
= CAT|CAT|Central Africa Time|GMT+02:00
CAT
= EAT|EAT|East Africa Time|GMT+03:00
EAT
= IST|IST|India Standard Time|GMT+06:30
IST
= GMT+13:00|GMT+14:00|Samoa Standard Time|Samoa Daylight Time
MIT Pacific/Apia
= GMT+04:00|GMT+05:00|Armenia Standard Time|Armenia Summer Time
NET Asia/Yerevan
= PKT|PKST|Pakistan Standard Time|Pakistan Summer Time
PLT Asia/Karachi
= KST|KST|Korean Standard Time|Korean Daylight Time
ROK Asia/Seoul Asia/Pyongyang
= GMT+11:00|GMT+11:00|Solomon Islands Time|GMT+11:00
SST
= GMT+07:00|GMT+07:00|Indochina Time|GMT+07:00
VST
= WET|WEST|Western European Standard Time|Western European Summer Time
WET Portugal Europe/Lisbon Atlantic/Faroe Atlantic/Canary Atlantic/Faeroe Atlantic/Madeira
= CST|CDT|Cuba Standard Time|Cuba Daylight Time
Cuba America/Havana
= GMT|IST|Greenwich Mean Time|Irish Standard Time
Eire Europe/Dublin
= GMT+03:30|GMT+04:30|Iran Standard Time|Iran Daylight Time
Iran Asia/Tehran
= MSK|MSK|Moscow Standard Time|Moscow Summer Time
W-SU Europe/Minsk Europe/Moscow Europe/Simferopol
= GMT|GMT|Greenwich Mean Time|Reykjavik Daylight Time
Iceland Atlantic/Reykjavik
= GMT+12:45|GMT+13:45|Chatham Standard Time|Chatham Daylight Time
NZ-CHAT Pacific/Chatham
= HKT|HKST|Hong Kong Standard Time|Hong Kong Summer Time
Hongkong Asia/Hong_Kong
= SST|SST|American Samoa Standard Time|American Samoa Daylight Time
US/Samoa Pacific/Samoa Pacific/Midway Pacific/Pago_Pago
= GMT+03:00|GMT+03:00|Arabian Standard Time|Arabian Daylight Time
Asia/Aden Asia/Qatar Asia/Kuwait Asia/Riyadh Asia/Bahrain
= GMT+04:00|GMT+05:00|Azerbaijan Standard Time|Azerbaijan Summer Time
Asia/Baku
= GMT+09:00|GMT+09:00|Timor-Leste Time|Dili Daylight Time
Asia/Dili
= GMT+07:00|GMT+08:00|Hovd Standard Time|Hovd Summer Time
Asia/Hovd
= GMT+06:00|GMT+07:00|Omsk Standard Time|Omsk Summer Time
Asia/Omsk
= GMT+05:00|GMT+06:00|Kazakhstan Time|Oral Daylight Time
Asia/Oral
= GMT+12:00|GMT+12:00|Marshall Islands Time|Kwajalein Daylight Time
Kwajalein Pacific/Kwajalein
= GMT+08:00|GMT+08:20|Singapore Standard Time|Singapore Daylight Time
Singapore Asia/Singapore
= GMT+05:00|GMT+06:00|Kazakhstan Time|Aqtau Daylight Time
Asia/Aqtau
= GMT+09:00|GMT+10:00|Yakutsk Standard Time|Yakutsk Summer Time
Asia/Chita Asia/Yakutsk Asia/Khandyga
= GMT+04:00|GMT+04:00|Gulf Standard Time|Dubai Daylight Time
Asia/Dubai
= GMT+04:30|GMT+04:30|Afghanistan Time|Kabul Daylight Time
Asia/Kabul
= CAT|CAT|Central Africa Time|Juba Daylight Time
Africa/Juba
= GMT|GMT|Greenwich Mean Time|Lome Daylight Time
Africa/Lome
= GMT+05:00|GMT+06:00|Kazakhstan Time|Almaty Daylight Time
Asia/Almaty
= GMT+12:00|GMT+13:00|Anadyr Standard Time|Anadyr Summer Time
Asia/Anadyr
= GMT+05:00|GMT+06:00|Kazakhstan Time|Aqtobe Daylight Time
Asia/Aqtobe
= GMT+05:00|GMT+06:00|Kazakhstan Time|Atyrau Daylight Time
Asia/Atyrau
= GMT+08:00|GMT+08:20|Brunei Time|Brunei Daylight Time
Asia/Brunei
= PST|PDT|Philippine Standard Time|Philippine Summer Time
Asia/Manila
= GMT+04:00|GMT+04:00|Gulf Standard Time|Muscat Daylight Time
Asia/Muscat
= GMT+07:00|GMT+07:00|Indochina Time|Ho Chi Minh City Daylight Time
Asia/Saigon Asia/Ho_Chi_Minh
= CST|CDT|Taiwan Standard Time|Taiwan Daylight Time
Asia/Taipei
= GMT+06:00|GMT+06:00|Bhutan Time|Thimphu Daylight Time
Asia/Thimbu Asia/Thimphu
= GMT+06:30|GMT+06:30|Cocos Islands Time|Yangon Daylight Time
Asia/Yangon
= GMT-05:00|GMT-04:00|Acre Standard Time|Acre Summer Time
Brazil/Acre America/Eirunepe America/Porto_Acre America/Rio_Branco
= GMT-04:00|GMT-03:00|Amazon Standard Time|Amazon Summer Time
Brazil/West America/Cuiaba America/Manaus America/Boa_Vista America/Porto_Velho
America/Campo_Grande
= GMT+04:00|GMT+04:00|Seychelles Time|Mahe Daylight Time
Indian/Mahe
= GMT+10:00|GMT+10:00|Papua New Guinea Time|Chuuk Daylight Time
Pacific/Yap Pacific/Chuuk
= HAST|HADT|Hawaii-Aleutian Standard Time|Hawaii-Aleutian Daylight Time
US/Aleutian America/Adak America/Atka
= GMT|GMT|Greenwich Mean Time|Accra Daylight Time
Africa/Accra
= GMT|GMT|Greenwich Mean Time|Dakar Daylight Time
Africa/Dakar
= WAT|WAT|West Africa Standard Time|West Africa Summer Time
Africa/Lagos Africa/Bangui Africa/Douala Africa/Luanda Africa/Malabo Africa/Niamey
Africa/Kinshasa Africa/Ndjamena Africa/Libreville Africa/Porto-Novo Africa/Brazzaville
= GMT-05:00|GMT-04:00|Peru Standard Time|Peru Summer Time
America/Lima
= GMT-02:00|GMT-01:00|Greenland Standard Time|Greenland Summer Time
America/Nuuk America/Godthab America/Scoresbysund
= GMT+03:00|GMT+04:00|Arabian Standard Time|Arabian Daylight Time
Asia/Baghdad
= GMT+07:00|GMT+07:00|Indochina Time|Bangkok Daylight Time
Asia/Bangkok
= GMT+06:00|GMT+07:00|Kyrgyzstan Time|Bishkek Daylight Time
Asia/Bishkek
= IST|IST|India Standard Time|Colombo Daylight Time
Asia/Colombo
= GMT+08:00|GMT+09:00|Irkutsk Standard Time|Irkutsk Summer Time
Asia/Irkutsk
= WIB|WIB|Western Indonesia Time|Jakarta Daylight Time
Asia/Jakarta
= IST|IST|India Standard Time|Kolkata Daylight Time
Asia/Kolkata Asia/Calcutta
= GMT+08:00|GMT+08:20|Brunei Time|Kuching Daylight Time
Asia/Kuching
= GMT+11:00|GMT+12:00|Magadan Standard Time|Magadan Summer Time
Asia/Magadan
= GMT+06:30|GMT+06:30|Myanmar Time|Yangon Daylight Time
Asia/Rangoon
= GMT+04:00|GMT+05:00|Georgia Standard Time|Georgia Summer Time
Asia/Tbilisi
= MST|MST|Yukon Time|Whitehorse Daylight Time
Canada/Yukon America/Whitehorse
= GMT+06:30|GMT+06:30|Cocos Islands Time|Cocos Islands Daylight Time
Indian/Cocos
= GMT+12:00|GMT+13:00|Fiji Standard Time|Fiji Summer Time
Pacific/Fiji
= ChST|ChST|Chamorro Standard Time|Guam Daylight Time
Pacific/Guam
= GMT-11:00|GMT-11:00|Niue Time|Niue Daylight Time
Pacific/Niue
= GMT+10:00|GMT+10:00|Chuuk Time|Chuuk Daylight Time
Pacific/Truk
= GMT+12:00|GMT+12:00|Wake Island Time|Wake Island Daylight Time
Pacific/Wake
= EAT|EAT|East Africa Time|Asmara Daylight Time
Africa/Asmara Africa/Asmera
= GMT|GMT|Greenwich Mean Time|Bamako Daylight Time
Africa/Bamako Africa/Timbuktu
= GMT|GMT|Greenwich Mean Time|Banjul Daylight Time
Africa/Banjul
= GMT|GMT|Greenwich Mean Time|Bissau Daylight Time
Africa/Bissau
= CAT|CAT|Central Africa Time|Harare Daylight Time
Africa/Harare
= CAT|CAT|Central Africa Time|Kigali Daylight Time
Africa/Kigali
= CAT|CAT|Central Africa Time|Lusaka Daylight Time
Africa/Lusaka
= CAT|CAT|Central Africa Time|Maputo Daylight Time
Africa/Maputo
= SAST|SAST|South Africa Standard Time|Maseru Daylight Time
Africa/Maseru
= GMT+05:00|GMT+06:00|Turkmenistan Standard Time|Turkmenistan Summer Time
Asia/Ashgabat Asia/Ashkhabad
= GMT+05:00|GMT+06:00|Tajikistan Time|Dushanbe Daylight Time
Asia/Dushanbe
= WIT|WIT|Eastern Indonesia Time|Jayapura Daylight Time
Asia/Jayapura
= GMT+05:45|GMT+05:45|Nepal Time|Kathmandu Daylight Time
Asia/Katmandu Asia/Kathmandu
= WITA|WITA|Central Indonesia Time|Makassar Daylight Time
Asia/Makassar Asia/Ujung_Pandang
= GMT+05:00|GMT+06:00|Kazakhstan Time|Kostanay Daylight Time
Asia/Qostanay
= GMT+11:00|GMT+12:00|Sakhalin Standard Time|Sakhalin Summer Time
Asia/Sakhalin
= GMT+05:00|GMT+06:00|Uzbekistan Standard Time|Uzbekistan Summer Time
Asia/Tashkent Asia/Samarkand
= GMT+10:00|GMT+11:00|Vladivostok Standard Time|Vladivostok Summer Time
Asia/Ust-Nera Asia/Vladivostok
= GMT+10:30|GMT+11:00|Lord Howe Standard Time|Lord Howe Daylight Time
Australia/LHI Australia/Lord_Howe
= GMT+04:00|GMT+05:00|Samara Standard Time|Samara Summer Time
Europe/Samara
= GMT+06:00|GMT+06:00|Indian Ocean Time|Chagos Daylight Time
Indian/Chagos
= EAT|EAT|East Africa Time|Comoro Daylight Time
Indian/Comoro
= GMT+11:00|GMT+12:00|Vanuatu Standard Time|Vanuatu Summer Time
Pacific/Efate
= GMT+12:00|GMT+12:00|Nauru Time|Nauru Daylight Time
Pacific/Nauru
= GMT+09:00|GMT+09:00|Palau Time|Palau Daylight Time
Pacific/Palau
= GMT|GMT|Greenwich Mean Time|Abidjan Daylight Time
Africa/Abidjan
= GMT|GMT|Greenwich Mean Time|Conakry Daylight Time
Africa/Conakry
= EAT|EAT|East Africa Time|Kampala Daylight Time
Africa/Kampala
= SAST|SAST|South Africa Standard Time|Mbabane Daylight Time
Africa/Mbabane
= EAT|EAT|East Africa Time|Nairobi Daylight Time
Africa/Nairobi
= GMT-05:00|GMT-04:00|Colombia Standard Time|Colombia Summer Time
America/Bogota
= MST|MST|Yukon Time|Dawson Daylight Time
America/Dawson
= GMT-04:00|GMT-04:00|Guyana Time|Guyana Daylight Time
America/Guyana
= GMT-04:00|GMT-03:00|Bolivia Time|La Paz Daylight Time
America/La_Paz
= GMT+12:00|GMT+13:00|Kamchatka Standard Time|Kamchatka Summer Time
Asia/Kamchatka
= WIB|WIB|Western Indonesia Time|Pontianak Daylight Time
Asia/Pontianak
= GMT+05:00|GMT+06:00|Kazakhstan Time|Qyzylorda Daylight Time
Asia/Qyzylorda
= GMT+07:00|GMT+07:00|Indochina Time|Vientiane Daylight Time
Asia/Vientiane
= AWST|AWDT|Australian Western Standard Time|Australian Western Daylight Time
Australia/West Australia/Perth Antarctica/Casey
= EAT|EAT|East Africa Time|Mayotte Daylight Time
Indian/Mayotte
= GMT+04:00|GMT+04:00|Réunion Time|Réunion Daylight Time
Indian/Reunion
= MST|MDT|Mexican Pacific Standard Time|Mexican Pacific Daylight Time
Mexico/BajaSur America/Mazatlan America/Hermosillo
= GMT-06:00|GMT-05:00|Easter Island Standard Time|Easter Island Summer Time
Pacific/Easter Chile/EasterIsland
= GMT+13:00|GMT+13:00|Phoenix Islands Time|Enderbury Daylight Time
Pacific/Kanton Pacific/Enderbury
= GMT+11:00|GMT+11:00|Kosrae Time|Kosrae Daylight Time
Pacific/Kosrae
= GMT+12:00|GMT+12:00|Marshall Islands Time|Majuro Daylight Time
Pacific/Majuro
= GMT+11:00|GMT+12:00|New Caledonia Standard Time|New Caledonia Summer Time
Pacific/Noumea
= GMT+11:00|GMT+11:00|Solomon Islands Time|Pohnpei Daylight Time
Pacific/Ponape Pacific/Pohnpei
= ChST|ChST|Chamorro Standard Time|Saipan Daylight Time
Pacific/Saipan
= GMT-10:00|GMT-10:00|Tahiti Time|Tahiti Daylight Time
Pacific/Tahiti
= GMT+12:00|GMT+12:00|Marshall Islands Time|Tarawa Daylight Time
Pacific/Tarawa
= GMT+12:00|GMT+12:00|Gilbert Islands Time|Wallis Daylight Time
Pacific/Wallis
= CAT|CAT|Central Africa Time|Blantyre Daylight Time
Africa/Blantyre
= EAT|EAT|East Africa Time|Djibouti Daylight Time
Africa/Djibouti
= GMT|GMT|Greenwich Mean Time|Freetown Daylight Time
Africa/Freetown
= CAT|CAT|Central Africa Time|Gaborone Daylight Time
Africa/Gaborone
= CAT|CAT|Central Africa Time|Khartoum Daylight Time
Africa/Khartoum
= GMT|GMT|Greenwich Mean Time|Monrovia Daylight Time
Africa/Monrovia
= GMT|GMT|Greenwich Mean Time|São Tomé Daylight Time
Africa/Sao_Tome
= CAT|CAT|Central Africa Time|Windhoek Daylight Time
Africa/Windhoek
= GMT-04:00|GMT-04:00|Venezuela Time|Caracas Daylight Time
America/Caracas
= GMT-03:00|GMT-03:00|French Guiana Time|Cayenne Daylight Time
America/Cayenne
= GMT-02:00|GMT-01:00|Fernando de Noronha Standard Time|Fernando de Noronha Summer Time
America/Noronha Brazil/DeNoronha
= GMT+08:00|GMT+09:00|Ulaanbaatar Standard Time|Ulaanbaatar Summer Time
Asia/Choibalsan Asia/Ulan_Bator Asia/Ulaanbaatar
= GMT+07:00|GMT+07:00|Indochina Time|Phnom Penh Daylight Time
Asia/Phnom_Penh
= GMT-01:00|GMT|Azores Standard Time|Azores Summer Time
Atlantic/Azores
= GMT+08:45|GMT+09:45|Australian Central Western Standard Time|Australian Central Western Daylight Time
Australia/Eucla
= GMT+05:00|GMT+05:00|French Southern & Antarctic Time|Maldives Daylight Time
Indian/Maldives
= GMT+13:00|GMT+13:00|Tokelau Time|Fakaofo Daylight Time
Pacific/Fakaofo
= GMT-09:00|GMT-09:00|Gambier Time|Gambier Daylight Time
Pacific/Gambier
= GMT+11:00|GMT+12:00|Norfolk Island Standard Time|Norfolk Island Daylight Time
Pacific/Norfolk
= CAT|CAT|Central Africa Time|Bujumbura Daylight Time
Africa/Bujumbura
= EAT|EAT|East Africa Time|Mogadishu Daylight Time
Africa/Mogadishu
= GMT-03:00|GMT-02:00|Paraguay Standard Time|Paraguay Summer Time
America/Asuncion
= GMT-03:00|GMT-02:00|St. Pierre & Miquelon Standard Time|St. Pierre & Miquelon Daylight Time
America/Miquelon
= GMT-04:00|GMT-03:00|Chile Standard Time|Chile Summer Time
America/Santiago Chile/Continental
= GMT+07:00|GMT+07:00|Davis Time|Davis Daylight Time
Antarctica/Davis
= GMT+03:00|GMT+03:00|Syowa Time|Syowa Daylight Time
Antarctica/Syowa
= GMT|GMT|Greenwich Mean Time|Troll Daylight Time
Antarctica/Troll
= GMT+07:00|GMT+08:00|Krasnoyarsk Standard Time|Krasnoyarsk Summer Time
Asia/Krasnoyarsk Asia/Novokuznetsk
= GMT+07:00|GMT+08:00|Novosibirsk Standard Time|Novosibirsk Summer Time
Asia/Novosibirsk
= GMT-03:00|GMT-02:00|Falkland Islands Standard Time|Falkland Islands Summer Time
Atlantic/Stanley
= MSK|MSK|Volgograd Standard Time|Volgograd Summer Time
Europe/Volgograd
= GMT+07:00|GMT+07:00|Christmas Island Time|Christmas Island Daylight Time
Indian/Christmas
= GMT+05:00|GMT+05:00|French Southern & Antarctic Time|Kerguelen Daylight Time
Indian/Kerguelen
= GMT+04:00|GMT+05:00|Mauritius Standard Time|Mauritius Summer Time
Indian/Mauritius
= GMT+12:00|GMT+12:00|Tuvalu Time|Funafuti Daylight Time
Pacific/Funafuti
= GMT-08:00|GMT-08:00|Pitcairn Time|Pitcairn Daylight Time
Pacific/Pitcairn
= CAT|CAT|Central Africa Time|Lubumbashi Daylight Time
Africa/Lubumbashi
= GMT|GMT|Greenwich Mean Time|Nouakchott Daylight Time
Africa/Nouakchott
= GMT-05:00|GMT-04:00|Ecuador Time|Guayaquil Daylight Time
America/Guayaquil
= GMT+05:00|GMT+05:00|Mawson Time|Mawson Daylight Time
Antarctica/Mawson
= GMT+05:00|GMT+05:00|Vostok Time|Vostok Daylight Time
Antarctica/Vostok
= GMT+08:00|GMT+08:20|Malaysia Time|Kuala Lumpur Daylight Time
Asia/Kuala_Lumpur
= GMT-06:00|GMT-05:00|Galapagos Time|Galapagos Daylight Time
Pacific/Galapagos
= GMT-09:30|GMT-09:30|Marquesas Time|Marquesas Daylight Time
Pacific/Marquesas
= GMT-10:00|GMT-09:30|Cook Islands Standard Time|Cook Islands Summer Time
Pacific/Rarotonga
= GMT+13:00|GMT+14:00|Tonga Standard Time|Tonga Summer Time
Pacific/Tongatapu
= EAT|EAT|East Africa Time|Addis Ababa Daylight Time
Africa/Addis_Ababa
= GMT|GMT|Greenwich Mean Time|Ouagadougou Daylight Time
Africa/Ouagadougou
= GMT-03:00|GMT-02:00|Uruguay Standard Time|Uruguay Summer Time
America/Montevideo
= GMT-03:00|GMT-03:00|Suriname Time|Paramaribo Daylight Time
America/Paramaribo
= GMT-03:00|GMT-03:00|Rothera Time|Rothera Daylight Time
Antarctica/Rothera
= GMT+05:00|GMT+06:00|Yekaterinburg Standard Time|Yekaterinburg Summer Time
Asia/Yekaterinburg
= GMT|GMT|Greenwich Mean Time|St. Helena Daylight Time
Atlantic/St_Helena
= GMT+14:00|GMT+14:00|Line Islands Time|Kiritimati Daylight Time
Pacific/Kiritimati
= SAST|SAST|South Africa Standard Time|Johannesburg Daylight Time
Africa/Johannesburg
= GMT-01:00|GMT|Cape Verde Standard Time|Cape Verde Summer Time
Atlantic/Cape_Verde
= EAT|EAT|East Africa Time|Antananarivo Daylight Time
Indian/Antananarivo
= GMT+11:00|GMT+11:00|Solomon Islands Time|Guadalcanal Daylight Time
Pacific/Guadalcanal
= EAT|EAT|East Africa Time|Dar es Salaam Daylight Time
Africa/Dar_es_Salaam
= GMT|GMT|Greenwich Mean Time|Danmarkshavn Daylight Time
America/Danmarkshavn
= GMT+10:00|GMT+10:00|Dumont d’Urville Time|Port Moresby Daylight Time
Pacific/Port_Moresby
= GMT-02:00|GMT-02:00|South Georgia Time|South Georgia Daylight Time
Atlantic/South_Georgia
= GMT+10:00|GMT+10:00|Dumont d’Urville Time|Dumont-d’Urville Daylight Time
Antarctica/DumontDUrville
= GMT|GMT+01:00|Casablanca Standard Time|Casablanca Daylight Time
Africa/Casablanca
= GMT-01:00|GMT-01:00|GMT-01:00|GMT-01:00
Etc/GMT+1
= GMT-02:00|GMT-02:00|GMT-02:00|GMT-02:00
Etc/GMT+2
= GMT-03:00|GMT-03:00|GMT-03:00|GMT-03:00
Etc/GMT+3
= GMT-04:00|GMT-04:00|GMT-04:00|GMT-04:00
Etc/GMT+4
= GMT-05:00|GMT-05:00|GMT-05:00|GMT-05:00
Etc/GMT+5
= GMT-06:00|GMT-06:00|GMT-06:00|GMT-06:00
Etc/GMT+6
= GMT-07:00|GMT-07:00|GMT-07:00|GMT-07:00
Etc/GMT+7
= GMT-08:00|GMT-08:00|GMT-08:00|GMT-08:00
Etc/GMT+8
= GMT-09:00|GMT-09:00|GMT-09:00|GMT-09:00
Etc/GMT+9
= GMT+01:00|GMT+01:00|GMT+01:00|GMT+01:00
Etc/GMT-1
= GMT+02:00|GMT+02:00|GMT+02:00|GMT+02:00
Etc/GMT-2
= GMT+03:00|GMT+03:00|GMT+03:00|GMT+03:00
Etc/GMT-3
= GMT+04:00|GMT+04:00|GMT+04:00|GMT+04:00
Etc/GMT-4
= GMT+05:00|GMT+05:00|GMT+05:00|GMT+05:00
Etc/GMT-5
= GMT+06:00|GMT+06:00|GMT+06:00|GMT+06:00
Etc/GMT-6
= GMT+07:00|GMT+07:00|GMT+07:00|GMT+07:00
Etc/GMT-7
= GMT+08:00|GMT+08:00|GMT+08:00|GMT+08:00
Etc/GMT-8
= GMT+09:00|GMT+09:00|GMT+09:00|GMT+09:00
Etc/GMT-9
= GMT+03:00|GMT+04:00|Amman Standard Time|Amman Daylight Time
Asia/Amman
= GMT+07:00|GMT+08:00|Tomsk Standard Time|Tomsk Daylight Time
Asia/Tomsk
= GMT-10:00|GMT-10:00|GMT-10:00|GMT-10:00
Etc/GMT+10
= GMT-11:00|GMT-11:00|GMT-11:00|GMT-11:00
Etc/GMT+11
= GMT-12:00|GMT-12:00|GMT-12:00|GMT-12:00
Etc/GMT+12
= GMT+10:00|GMT+10:00|GMT+10:00|GMT+10:00
Etc/GMT-10
= GMT+11:00|GMT+11:00|GMT+11:00|GMT+11:00
Etc/GMT-11
= GMT+12:00|GMT+12:00|GMT+12:00|GMT+12:00
Etc/GMT-12
= GMT+13:00|GMT+13:00|GMT+13:00|GMT+13:00
Etc/GMT-13
= GMT+14:00|GMT+14:00|GMT+14:00|GMT+14:00
Etc/GMT-14
= GMT+07:00|GMT+08:00|Barnaul Standard Time|Barnaul Daylight Time
Asia/Barnaul
= MSK|MSK|Kirov Standard Time|Kirov Daylight Time
Europe/Kirov
= GMT+03:00|GMT+04:00|Damascus Standard Time|Damascus Daylight Time
Asia/Damascus
= EET|EEST|Famagusta Standard Time|Famagusta Daylight Time
Asia/Famagusta
= GMT+04:00|GMT+05:00|Saratov Standard Time|Saratov Daylight Time
Europe/Saratov
= GMT|GMT+01:00|El Aaiun Standard Time|El Aaiun Daylight Time
Africa/El_Aaiun
= GMT+04:00|GMT+05:00|Astrakhan Standard Time|Astrakhan Daylight Time
Europe/Astrakhan
= GMT+04:00|GMT+05:00|Ulyanovsk Standard Time|Ulyanovsk Daylight Time
Europe/Ulyanovsk
= GMT-03:00|GMT-02:00|Coyhaique Standard Time|Coyhaique Daylight Time
America/Coyhaique
= GMT-03:00|GMT-02:00|Palmer Standard Time|Palmer Daylight Time
Antarctica/Palmer
= GMT+11:00|GMT+12:00|Srednekolymsk Standard Time|Srednekolymsk Daylight Time
Asia/Srednekolymsk
= GMT-03:00|GMT-02:00|Punta Arenas Standard Time|Punta Arenas Daylight Time
America/Punta_Arenas
= GMT+11:00|GMT+11:00|Bougainville Standard Time|Bougainville Daylight Time
Pacific/Bougainville
= GMT+06:00|GMT+06:00|Urumqi Standard Time|Urumqi Daylight Time
Asia/Kashgar Asia/Urumqi
= GMT+03:00|GMT+04:00|Istanbul Standard Time|Istanbul Daylight Time
Europe/Istanbul Asia/Istanbul Turkey
";
