import { FREE_HISTORY_DAYS, RETENTION } from '@polymath/shared';
import type { PolicySet } from './policy-types.ts';

export const policies: PolicySet = {
  terms: {
    title: 'Kullanım Koşulları',
    updated: '2026-11-22',
    intro:
      "Bu koşullar, yapay zekâ sohbeti, yaratıcı araçlar ve Pro aboneliği dahil olmak üzere Polymath web uygulamasını kullanımınıza ilişkin sizinle Polymath arasındaki sözleşmedir. Lütfen bu koşulları İade Politikamız ve Gizlilik Politikamızla birlikte okuyun. Bir hesap oluşturarak veya Polymath'ı kullanarak bu koşulları kabul etmiş olursunuz.",
    sections: [
      {
        heading: 'Hizmet',
        paragraphs: [
          "Polymath; OpenAI, Anthropic, Google, DeepSeek ve xAI gibi çeşitli sağlayıcıların yapay zekâ modelleriyle sohbet etmenizi ve bu modeller üzerine kurulu yaratıcı araçları kullanmanızı sağlayan bir web uygulamasıdır: kişisel galeriyle görsel oluşturma, fotoğraf çevirisi (40'tan fazla dil), dövme tasarlayıcı, logo oluşturucu, burç yorumları, web araması, kişi araştırma istemleri, PDF'lere soru sorma ve Pro kullanıcılar için WhatsApp üzerinden Polymath ile sohbet.",
          'Bu koşullarda "Polymath", "biz" ve "bizim" ifadeleri Polymath hizmetini işleten tarafı, "siz" ise hizmeti kullanan kişiyi ifade eder. Herhangi bir sorunuz olursa support@polymath.example adresinden bize ulaşabilirsiniz.',
        ],
      },
      {
        heading: "Polymath'ı kimler kullanabilir ve hesabınız",
        paragraphs: [
          "Polymath'ı kullanmak için en az 16 yaşında olmalısınız. Yaşadığınız yerde reşit değilseniz bu koşulları sizin adınıza bir ebeveynin veya vasinin kabul etmesi gerekir.",
          'E-posta adresi ve şifreyle ya da Google veya Apple hesabınızla kaydolabilirsiniz. E-posta ve şifreyle kaydolursanız hesabınızı kullanabilmek için e-posta adresinizi doğrulamanız gerekir. Hesabınıza her zaman en az bir doğrulanmış giriş yöntemi bağlı kalmalıdır.',
          'Giriş bilgilerinizi güvende tutun ve hesabınızı başkalarıyla paylaşmayın. Bizim kusurumuzdan kaynaklanmadığı sürece hesabınız üzerinden yapılan işlemlerden siz sorumlusunuz. Hesabınıza başka birinin eriştiğini düşünüyorsanız hemen support@polymath.example adresinden bize bildirin.',
          "Hesabınızı istediğiniz zaman Ayarlar'dan silebilirsiniz. Aktif bir Pro aboneliğiniz varsa önce aboneliği iptal etmeniz gerekir. Hesap silme işlemi kalıcıdır: sohbetleriniz, dosyalarınız ve oluşturduğunuz görseller Gizlilik Politikamızda açıklandığı şekilde silinir; kalan Pro süreniz ise İade Politikamızda belirtilen durumlar dışında iade yapılmadan sona erer.",
        ],
      },
      {
        heading: 'Ücretsiz ve Pro planlar',
        paragraphs: [
          "Ücretsiz: Yalnızca ücretsiz modellerle, günlük sınırlı sayıda mesaj. Günlük hakkınız uygulamada gösterilir ve her gün UTC gece yarısında (Türkiye saatiyle 03:00) yenilenir. Ücretsiz planda sohbet geçmişinizin son 30 gününü görebilirsiniz; daha eski sohbetler saklanır ve Pro'ya geçtiğinizde yeniden görünür hâle gelir.",
          "Pro: Tüm modeller, adil kullanım hız sınırına tabi sınırsız mesaj, sohbet geçmişinizin tamamı, görsel oluşturucu ve PDF'e soru sorma gibi gelişmiş araçlar ve WhatsApp içinden sohbet.",
          '"Sınırsız", sabit bir günlük mesaj sınırı olmadığı anlamına gelir. Polymath\'ı herkes için hızlı ve adil tutmak amacıyla hız sınırları uygularız; normal kişisel kullanımın çok üzerinde olan veya otomatik görünen kullanımı geçici olarak yavaşlatabilir ya da durdurabiliriz.',
          'Günlük mesaj hakkı veya hangi modellerin ücretsiz olduğu gibi Ücretsiz planın kapsamını değiştirebiliriz. Ancak ücretini ödediğiniz bir fatura dönemi içinde, Pro aboneliğinizden yukarıda sayılan temel Pro özelliklerini kaldırmayız.',
        ],
      },
      {
        heading: 'Abonelik, ödeme ve iptal',
        paragraphs: [
          'Pro; haftalık, aylık, 3 aylık ve yıllık fatura dönemleriyle sunulur. Fiyat, para birimi, ara toplam, vergi ve toplam tutar, ödeme yapmadan önce ödeme sayfasında gösterilir. Ödemeler Stripe tarafından işlenir; kart numaranızın tamamını hiçbir zaman görmeyiz ve saklamayız.',
          'Aboneliğiniz, siz iptal edene kadar her fatura döneminin sonunda otomatik olarak yenilenir ve aynı uzunluktaki bir sonraki dönem için ücretlendirilirsiniz.',
          "Aboneliğinizi istediğiniz zaman Ayarlar → Planım bölümünden veya Stripe müşteri portalından iptal edebilirsiniz. İptal, mevcut fatura döneminin sonunda geçerli olur: o zamana kadar Pro'yu kullanmaya devam edersiniz ve sizden yeniden ücret alınmaz. İade Politikamızda belirtilen durumlar veya yasanın gerektirdiği haller dışında, bir dönemin kullanılmayan kısmı için iade yapmayız.",
          'Pro fiyatını değiştirirsek, devam etmek istemediğiniz takdirde iptal edebilmeniz için yeni fiyat bir sonraki yenilemenize uygulanmadan en az 30 gün önce sizi e-posta veya uygulama içinden bilgilendiririz. KDV gibi vergiler yasanın gerektirdiği şekilde alınır ve ödeme sayfasında gösterilir. Bir yenileme ödemesi başarısız olursa, ödeme başarıyla alınana kadar hesabınız Ücretsiz plana dönebilir.',
        ],
      },
      {
        heading: 'Kabul edilebilir kullanım',
        paragraphs: [
          "Polymath'ı aşağıdaki amaçlarla kullanmamayı kabul edersiniz:",
          '- yasaları çiğnemek ya da yasa dışı içerik oluşturmak, yüklemek veya paylaşmak (yetkililere bildirdiğimiz çocuk istismarı içerikleri dahil);',
          '- insanları taciz etmek, tehdit etmek, karalamak, başkasının kimliğine bürünmek veya aldatmak ya da insanlara yönelik şiddeti, kendine zarar vermeyi veya nefreti teşvik eden içerik üretmek;',
          '- başkalarının haklarını ihlal etmek; örneğin bir logoda başkasının markasını kopyalamak, kullanma hakkınız olmayan fotoğrafları kullanmak veya gerçek kişilerin görsellerini rızaları olmadan oluşturmak;',
          '- kötü amaçlı yazılım, spam, oltalama (phishing) içeriği ya da zarar vermeye yönelik başka herhangi bir içerik oluşturmak;',
          "- plan sınırlarını, hız sınırlarını veya güvenlik filtrelerini aşmaya çalışmak, hesapları paylaşmak veya yeniden satmak ya da Polymath'a veri kazıma (scraping) veya bizim sunmadığımız başka otomatik yollarla erişmek;",
          '- hizmetin işleyişini bozmak veya hizmeti aşırı yüklemek, iznimiz olmadan güvenlik açığı testi yapmak ya da yasanın izin verdiği durumlar dışında tersine mühendislik uygulamak.',
          "Kişi araştırma istemleri yasalara uygun şekilde ve meşru bir amaçla kullanılmalıdır. Gizlilik ve kişisel verilerin korunması mevzuatına uyun; Polymath'ı hiçbir zaman birini takip etmek, taciz etmek, ayrımcılığa uğratmak veya gizlice profillemek için kullanmayın. Ayrıca kullandığınız modellerin sağlayıcılarına ait kullanım politikalarına ve WhatsApp'ı kullanırken WhatsApp'ın kendi koşullarına uymanız gerekir.",
        ],
      },
      {
        heading: 'Yapay zekâ çıktıları',
        paragraphs: [
          'Yanıtlar, görseller ve diğer çıktılar yapay zekâ modelleri tarafından otomatik olarak üretilir. Bu çıktılar hatalı, eksik, güncelliğini yitirmiş veya rahatsız edici olabilir ve yanlış bilgileri kendinden emin bir dille sunabilir. Önemli bilgilere güvenmeden önce mutlaka kontrol edin.',
          'Polymath profesyonel danışmanlık vermez. Sağlık, hukuk, finans veya diğer önemli konulardaki çıktılar, alanında uzman bir profesyonelin tavsiyesinin yerini tutmaz. Burç yorumları yalnızca eğlence amaçlıdır.',
          'Web araması yanıtları, kontrolümüzde olmayan üçüncü taraf web sitelerine dayanır ve bu sitelerin içeriğinden sorumlu değiliz.',
        ],
      },
      {
        heading: 'İçeriğiniz ve oluşturduklarınız',
        paragraphs: [
          "İstemleriniz, mesajlarınız, fotoğraflarınız ve PDF'leriniz gibi Polymath'a eklediğiniz içeriklerin (\"içeriğiniz\") sahibi siz olmaya devam edersiniz. Bize, içeriğinizi yalnızca Polymath'ı size sunmak, güvenliğini sağlamak ve destek vermek için gerektiği ölçüde saklamak, kopyalamak, işlemek ve iletmek (seçtiğiniz yapay zekâ sağlayıcısına göndermek dahil) üzere münhasır olmayan, dünya çapında ve bedelsiz bir lisans verirsiniz. Bu lisans içeriğiniz silindiğinde sona erer; yasa gereği saklamamız gereken kopyalar ve sınırlı bir süre yedeklerde kalan kopyalar bunun dışındadır. Başka kişilerin fotoğrafları dahil, yüklediğiniz her şey üzerinde gerekli haklara sahip olmalısınız.",
          'Sizinle bizim aramızda; yanıtlar, görseller, logolar ve dövme tasarımları dahil Polymath ile oluşturduğunuz çıktılar, yasaların ve yapay zekâ sağlayıcılarının koşullarının izin verdiği ölçüde size aittir. Bu çıktılar üzerinde sahiplik iddia etmeyiz.',
          'Yapay zekâ çıktıları bazı ülkelerde telif hakkıyla korunmayabilir ve benzer çıktılar başka kullanıcılar için de üretilebilir; bu nedenle çıktıların benzersiz olacağını garanti edemeyiz. Bir logoyu ticari olarak kullanmadan önce mevcut markalarla çakışmadığını kontrol edin. Dövme tasarımları birer taslaktır: dövme yaptırmadan önce profesyonel bir dövme sanatçısıyla görüşün.',
          "Yazılımı, tasarımı ve markası dahil Polymath'ın kendisi bize ve lisans verenlerimize aittir. Bu koşullar size, hizmeti kullanma hakkı dışında Polymath üzerinde herhangi bir hak vermez.",
        ],
      },
      {
        heading: 'Hizmetin sürekliliği ve üçüncü taraf hizmetleri',
        paragraphs: [
          "Polymath'ı erişilebilir tutmak için çalışırız, ancak hizmetin her zaman kesintisiz veya hatasız olacağını garanti edemeyiz. Bakım çalışmaları yapabilir; özellik ve model ekleyebilir, değiştirebilir veya kaldırabiliriz. Bir değişiklik, Pro abonesi olarak ödediğiniz hizmeti önemli ölçüde azaltırsa sizi önceden bilgilendiririz ve aboneliğinizi iptal edebilirsiniz; hangi durumlarda iade yapılacağı İade Politikamızda açıklanmıştır.",
          "Polymath; yapay zekâ model sağlayıcıları, ödemeler için Stripe, giriş için Google ve Apple, Meta'nın WhatsApp Cloud API'si ve bir web arama sağlayıcısı gibi üçüncü taraflara dayanır. Bu hizmetler kendi koşullarına tabidir ve sağlayıcılar modellerini değiştirebilir veya kullanımdan kaldırabilir; bu nedenle sunulan modeller zaman içinde değişebilir.",
        ],
      },
      {
        heading: 'Askıya alma ve hesabın kapatılması',
        paragraphs: [
          'Bu koşulları ciddi şekilde veya tekrar tekrar ihlal etmeniz, yasanın gerektirmesi ya da diğer kullanıcıları veya hizmeti korumak için gerekli olması halinde hesabınızı askıya alabilir veya kapatabiliriz. Makul olduğu durumlarda size nedenini bildirir ve yanıt verme fırsatı tanırız.',
          'Hesabınızı sizden kaynaklanmayan nedenlerle kapatırsak, önceden ödediğiniz Pro döneminin kullanılmayan kısmını iade ederiz.',
          "Yukarıda açıklandığı gibi, Polymath'ı kullanmayı istediğiniz zaman bırakabilir ve hesabınızı silebilirsiniz.",
        ],
      },
      {
        heading: 'Sorumluluğun sınırlandırılması',
        paragraphs: [
          'Polymath "olduğu gibi" ve "mevcut olduğu şekliyle" sunulur. Yasanın izin verdiği ölçüde, belirli bir amaca uygunluk gibi zımni garantileri hariç tutarız.',
          'Yasanın izin verdiği ölçüde; dolaylı zararlardan, kâr, veri veya itibar kaybından ya da yapay zekâ çıktılarına dayanarak verdiğiniz kararlardan sorumlu değiliz. Polymath ile ilgili herhangi bir talep için size karşı toplam sorumluluğumuz, talebin doğduğu tarihten önceki 12 ay içinde bize ödediğiniz tutarla sınırlıdır.',
          'Bu koşullardaki hiçbir hüküm; kast veya ağır kusurdan ya da ihmal sonucu ölüm veya yaralanmadan doğan sorumluluk gibi yasa gereği sınırlandırılamayan sorumlulukları sınırlamaz ve tüketici olarak sahip olduğunuz emredici hakları etkilemez.',
        ],
      },
      {
        heading: 'Uygulanacak hukuk ve uyuşmazlıklar',
        paragraphs: [
          'Bu koşullar Türkiye Cumhuriyeti kanunlarına tabidir ve uyuşmazlıklarda İstanbul mahkemeleri ve icra daireleri yetkilidir.',
          "Bu hüküm, yaşadığınız ülkenin emredici tüketici koruma kurallarını ortadan kaldırmaz. Türkiye'deki tüketiciler, yasal parasal sınırlar dahilinde tüketici hakem heyetlerine veya tüketici mahkemelerine başvurabilir; AB veya Birleşik Krallık'taki tüketiciler de yaşadıkları yerin mahkemelerinde dava açabilir.",
          'Resmî bir sürece başvurmadan önce, sorunu birlikte çözmeye çalışabilmemiz için lütfen support@polymath.example adresinden bize ulaşın.',
        ],
      },
      {
        heading: 'Koşullardaki değişiklikler ve iletişim',
        paragraphs: [
          "Bu koşulları zaman zaman güncelleyebiliriz. Önemli değişiklikleri, yasal zorunluluk veya güvenlik nedeniyle daha hızlı bir değişiklik gerekmedikçe, yürürlüğe girmelerinden en az 30 gün önce e-posta veya uygulama içinden size bildiririz. Değişiklikler yürürlüğe girdikten sonra Polymath'ı kullanmaya devam ederseniz güncel koşullar geçerli olur; kabul etmiyorsanız aboneliğinizi iptal edip hesabınızı silebilirsiniz.",
          'Bu koşullarla ilgili sorularınız için: support@polymath.example.',
        ],
      },
    ],
  },
  refund: {
    title: 'İade Politikası',
    updated: '2026-11-22',
    intro:
      'Bu politika, Polymath Pro aboneliklerinde iptal ve iadelerin nasıl işlediğini açıklar. Ücretsiz plan için herhangi bir ödeme alınmadığından iade edilecek bir tutar da yoktur. Bu politika Kullanım Koşullarımızın bir parçasıdır ve emredici tüketici mevzuatından doğan haklarınızı sınırlamaz.',
    sections: [
      {
        heading: 'Özet',
        paragraphs: [
          '- İstediğiniz zaman iptal edebilirsiniz. Pro, ödediğiniz dönemin sonuna kadar devam eder ve sizden yeniden ücret alınmaz.',
          "- Yeni bir aboneliğin ilk ödemesi, 14 gün içinde talep etmeniz ve Pro'yu neredeyse hiç kullanmamış olmanız halinde tamamen iade edilir.",
          "- Yenileme ödemeleri; fatura hataları, mükerrer ödemeler, Pro'yu kullanmanızı engelleyen ve bizden kaynaklanan kesintiler ile yasanın iade gerektirdiği durumlar dışında iade edilmez.",
          '- Onaylanan iadeler, ödemede kullandığınız yönteme genellikle 5–10 iş günü içinde yansır.',
        ],
      },
      {
        heading: 'Aboneliğinizi iptal etme',
        paragraphs: [
          'Pro abonelikleri (haftalık, aylık, 3 aylık veya yıllık), siz iptal edene kadar her fatura döneminin sonunda otomatik olarak yenilenir.',
          "Aboneliğinizi istediğiniz zaman Ayarlar → Planım bölümünden veya Stripe müşteri portalından iptal edebilirsiniz. İptal, mevcut fatura döneminin sonunda geçerli olur: o zamana kadar Pro erişiminiz devam eder ve başka ücret alınmaz. Bu tarihten sonra hesabınız Ücretsiz plana geçer; 30 günden eski sohbetleriniz silinmez, yeniden Pro'ya geçene kadar gizlenir.",
          'İptal, sonraki yenilemeleri durdurur ancak mevcut dönemin ücretini kendiliğinden iade etmez. İade talep etmek için aşağıdaki "İade nasıl talep edilir?" bölümündeki adımları izleyin.',
          'Hesabınızı silmek, aboneliğinizi iptal etmekle aynı şey değildir. Aktif bir Pro aboneliğiniz varsa hesabınızı silebilmek için önce aboneliği iptal etmeniz gerekir.',
        ],
      },
      {
        heading: 'Yeni aboneliklerde 14 günlük iade',
        paragraphs: [
          "Yeni bir Pro aboneliği başlatıp fikrinizi değiştirirseniz; ödeme tarihinden itibaren 14 gün içinde talep etmeniz ve bu süre içinde Pro'dayken 20'den az mesaj göndermiş, hiç görsel oluşturmamış olmanız koşuluyla ilk ödemenizi tamamen iade ederiz.",
          'Bu iade, yeni bir aboneliğin ilk ödemesi için ve kişi başına bir kez geçerlidir. Yenileme ödemelerine ve daha önce iade aldıktan sonra yeniden abone olunması haline uygulanmaz.',
          'Bu iadeyi yaptığımızda abonelik iptal edilir ve hesabınız hemen Ücretsiz plana döner.',
          "Pro'yu bundan daha fazla kullandıysanız da bize yazabilirsiniz. Örneğin bir Pro özelliği açıklandığı gibi çalışmadıysa talebinizi adil bir şekilde değerlendiririz.",
        ],
      },
      {
        heading: 'Yenilemeler',
        paragraphs: [
          "Otomatik yenileme ödemeleri, iptal etmeyi unuttuğunuz durumlar da dahil olmak üzere iade edilmez; çünkü yenileme tarihinden önce istediğiniz zaman iptal edebilir ve dönem sonuna kadar Pro'yu kullanmaya devam edebilirsiniz.",
          'Ayrıca bir fatura dönemindeki kullanılmayan günler için veya farklı bir fatura dönemine geçtiğinizde kısmi iade yapmayız.',
          'Bunun istisnaları, aşağıdaki "Fatura hataları, mükerrer ödemeler ve kesintiler" bölümünde açıklanan durumlar ile yasanın iade gerektirdiği tüm durumlardır.',
        ],
      },
      {
        heading: 'Fatura hataları, mükerrer ödemeler ve kesintiler',
        paragraphs: [
          'Aşağıdaki durumlarda ilgili tutarın tamamını iade ederiz:',
          '- aynı dönem için iki kez ücret alındıysa veya iptal ettikten sonra ücret alındıysa;',
          '- yanlış tutarda ya da seçmediğiniz bir plan veya fatura dönemi için ücret alındıysa;',
          "- Polymath'ta yaşanan ciddi bir kesinti Pro'yu kullanmanızı engellediyse; örneğin Pro özellikleri art arda 72 saatten uzun süre kullanılamadıysa. Bu durumda dönemin etkilenen kısmını, kesinti dönemin büyük bölümünü kapsadıysa dönemin tamamını iade ederiz.",
        ],
      },
      {
        heading: 'Yasal cayma hakkınız (AB, Birleşik Krallık ve Türkiye)',
        paragraphs: [
          "Avrupa Birliği, Birleşik Krallık veya Türkiye'de tüketiciyseniz, yasalar size internet üzerinden kurulan sözleşmelerden genellikle 14 gün içinde cayma hakkı tanır.",
          "Pro, ödeme yaptığınız anda başlayan dijital bir hizmettir. Pro'yu hemen kullanmaya başlayarak hizmetin cayma süresi içinde başlatılmasını talep etmiş olursunuz ve yasanın izin verdiği ölçüde, hizmet tamamen ifa edildiğinde cayma hakkınızı kaybedeceğinizi ya da cayarsanız o ana kadar aldığınız hizmetin bedelini ödemeniz gerekeceğini kabul edersiniz. Mesafeli Sözleşmeler Yönetmeliği uyarınca elektronik ortamda anında ifa edilen hizmetler cayma hakkının istisnaları arasında yer alabilir.",
          'Yasal durum ne olursa olsun, yukarıda açıklanan yeni aboneliklere yönelik 14 günlük iadeyi her zaman uygularız. Ülkenizdeki emredici mevzuat size daha fazlasını tanıyorsa o mevzuattan yararlanırsınız.',
          'Cayma hakkınızı kullanmak için, "İade nasıl talep edilir?" bölümünde açıklandığı şekilde sözleşmeden caydığınızı açıkça belirten bir e-posta gönderin.',
        ],
      },
      {
        heading: 'İade nasıl talep edilir?',
        paragraphs: [
          'support@polymath.example adresine, mümkünse Polymath hesabınıza kayıtlı e-posta adresinden yazın ve şu bilgileri ekleyin:',
          '- Polymath hesabınızın e-posta adresi;',
          '- ödemenin tarihi ve tutarı (Stripe makbuzunuz işimizi kolaylaştırır);',
          '- talebinizin nedeni, örneğin "14 günlük iade" veya "mükerrer ödeme".',
          'Genellikle 3 iş günü içinde yanıt verir ve iadenin onaylanıp onaylanmadığını bildiririz. Bir talebi reddedersek nedenini açıklarız.',
        ],
      },
      {
        heading: 'İadeler nasıl yapılır?',
        paragraphs: [
          'Onaylanan iadeler Stripe üzerinden, ödemede kullandığınız yönteme, aynı para birimiyle ve tahsil edilen vergiler dahil olarak yapılır. İadeler genellikle 5–10 iş günü içinde hesabınıza yansır; kesin süre bankanıza veya kartınızı veren kuruluşa bağlıdır.',
          'İadeyi farklı bir karta veya hesaba gönderemeyiz. Orijinal kartınızın süresi dolmuş veya kartınız kapatılmışsa bankanız iadeyi normalde size ulaştırır; iade ulaşmazsa bankanızla iletişime geçin.',
          'Bankanızın veya kartınızı veren kuruluşun aldığı ücretlerden ya da kur farklarından sorumlu değiliz.',
        ],
      },
      {
        heading: 'Ters ibraz (chargeback)',
        paragraphs: [
          'Tanımadığınız veya hatalı olduğunu düşündüğünüz bir ödeme görürseniz lütfen önce bize ulaşın: fatura sorunlarını genellikle banka itirazından daha hızlı çözebiliriz.',
          'Ters ibraz veya ödeme itirazı başlatırsanız, inceleme sürerken hesaptaki Pro erişimini duraklatabiliriz ve itiraza yanıt vermek için ilgili fatura kayıtlarını Stripe ve bankanızla paylaşırız. İtiraz aleyhinize sonuçlanırsa, Pro erişimini yeniden açmadan önce tutarı tekrar ödemenizi isteyebiliriz.',
          'Bu durum, bankanız veya kartınızı veren kuruluş nezdinde bir ödemeye itiraz etme hakkınızı sınırlamaz.',
        ],
      },
      {
        heading: 'Değişiklikler ve iletişim',
        paragraphs: [
          'Bu politikayı güncelleyebiliriz; en üstteki tarih son değişiklik tarihini gösterir. Bir değişiklik aleyhinize ise, değişiklikten önce yapılan ödemelere önceki sürüm uygulanır.',
          'Ödeme veya iadelerle ilgili sorularınız için: support@polymath.example.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Gizlilik Politikası',
    updated: '2026-11-29',
    intro:
      'Bu politika, Polymath\'ın hangi kişisel verileri topladığını, bunları neden kullandığımızı, kimlerle paylaştığımızı, ne kadar süre sakladığımızı ve hangi haklara sahip olduğunuzu açıklar. Polymath web uygulaması ve WhatsApp üzerinden Polymath ile yapılan sohbetler için geçerlidir. Burada açıklanan veriler bakımından 6698 sayılı Kişisel Verilerin Korunması Kanunu (KVKK) kapsamında veri sorumlusu, AB ve Birleşik Krallık Genel Veri Koruma Tüzüğü (GDPR) kapsamında da "data controller" biziz.',
    sections: [
      {
        heading: 'Topladığımız veriler',
        paragraphs: [
          '- Hesap verileri: e-posta adresiniz, adınız ve soyadınız, görünen adınız, profil fotoğrafınız, e-posta adresinizin doğrulanıp doğrulanmadığı ve bağladığınız giriş yöntemleri (e-posta ve şifre, Google, Apple). Google veya Apple ile giriş yaparsanız, bu hizmetlerin paylaştığı adınız ve e-posta adresiniz gibi temel profil bilgilerini alırız. Şifreler yalnızca özetlenmiş (hash) biçimde saklanır.',
          '- Sohbetler: geçmişinizi gösterebilmek ve konuşmalarınıza devam edebilmenizi sağlamak için sohbetleriniz ve mesajlarınız, sohbet başlıkları, yıldızlı sohbetler, seçtiğiniz model ve yapay zekânın yanıtları.',
          "- Dosyalar ve oluşturulan görseller: araçların çalışması ve galerinizde eserlerinizin görünmesi için yüklediğiniz fotoğraflar, PDF'ler ve diğer dosyalar (örneğin fotoğraf çevirisi, dövme tasarlayıcı veya PDF'e soru sorma için), burç yorumu gibi araçlara girdiğiniz bilgiler ve oluşturduğunuz görseller, logolar ve tasarımlar.",
          "- WhatsApp: WhatsApp'ı bağlarsanız telefon numaranız ve ülkeniz ile WhatsApp üzerinden Polymath ile yaptığınız yazışmalar.",
          "- Fatura kayıtları: planınız, fatura döneminiz, abonelik durumunuz, dönem bitiş tarihi, tutarlar, para birimi, vergi ve ödeme tarihleri ile müşteri kaydınıza ve aboneliğinize ait Stripe referansları. Kart bilgileriniz Stripe'a girilir ve Stripe'ta kalır; kart numaranızın tamamını hiçbir zaman görmeyiz ve saklamayız.",
          "- Kullanım sayaçları: Ücretsiz planın günlük mesaj hakkını ve Pro'nun adil kullanım hız sınırını uygulayabilmek için her gün kaç mesaj kullandığınız.",
        ],
      },
      {
        id: 'tracking',
        heading: 'Analiz ve teknik kayıtlar',
        paragraphs: [
          `Sayfa görüntülemeleri: Uygulamada her farklı sayfaya geçtiğinizde, kendi sistemlerimizde sayfa yolunu (örneğin /gallery), zamanı, sizi buraya getiren sayfanın adresini (sorgu metni olmadan), dilinizi ve temanızı içeren bir sayfa görüntüleme olayı kaydederiz. Bu olay hesabınızla ilişkilendirilmez, IP adresi içermez ve bunun için çerez kullanılmaz. Bu olayları hangi özelliklerin kullanıldığını anlamak ve sorunları tespit etmek için kullanır, en fazla ${RETENTION.pageViewMonths} ay saklarız.`,
          "Varsayılan olarak üçüncü taraf analiz veya reklam izleme araçları kullanmayız. Örneğin reklam kampanyalarımızı ölçmek için Google Tag Manager'ı veya bir reklam pikselini (Meta Pixel) etkinleştirirsek, uygulama önce bir bildirimle size sorar ve bu araçlar yalnızca Kabul et'i seçtikten sonra yüklenir: o zamana kadar ve Reddet'i seçtiğinizde tarayıcınız onlara hiçbir istek göndermez ve hiçbir çerez yerleştirmezler. Kabul ederseniz kendi çerezlerini (örneğin _ga ve _fbp) yerleştirir ve ziyaretinizle ilgili verileri, kendi gizlilik politikaları çerçevesinde kullanan Google ve Meta'ya gönderirler. Seçiminizi istediğiniz zaman Ayarlar → Hesap bölümünden veya aşağıdan değiştirebilirsiniz; kabul ettikten sonra reddederseniz sitemizdeki çerezlerini siler ve sayfayı onlar olmadan yeniden yükleriz.",
          `Teknik kayıtlar: Sunucularımız, Polymath'ı güvende tutmak, kötüye kullanımı önlemek ve hız sınırlarını uygulamak için istek kimliklerini, zaman damgalarını, hataları ve IP adresinizi kaydeder. Bu kayıtlar ${RETENTION.technicalRecordDays} gün saklanır ve ardından silinir. Bir oturumla birlikte saklanan IP adresi ve tarayıcı adı oturum sona erdikten ${RETENTION.technicalRecordDays} gün sonra, hız sınırlarımızın dayandığı adres başına sayaçlar ise son kullanımlarından ${RETENTION.technicalRecordDays} gün sonra silinir.`,
        ],
      },
      {
        heading: 'Çerezler ve yerel depolama',
        paragraphs: [
          'Oturumunuzu açık tutmak için güvenli, httpOnly bir oturum çerezi kullanırız. Bu çerez hizmet için zorunludur, sayfadaki betikler tarafından okunamaz ve izleme amacıyla kullanılmaz.',
          'Polymath ayrıca bazı tercihlerinizi kendi cihazınızda, tarayıcınızın yerel depolama alanında (local storage) tutar: tema (açık veya koyu), dil (locale), uygulama sürümü, sohbet ayarlarınız ve taslaklarınız ile izleme bildirimine verdiğiniz yanıt. Bunlar yalnızca uygulamanın, bıraktığınız şekilde çalışmasını sağlamak için kullanılır. Tarayıcınızın site verilerini temizleyerek bunları silebilirsiniz; yeni bir uygulama sürümü gerektirdiğinde uygulama da bunları otomatik olarak temizler.',
        ],
      },
      {
        heading: 'Verilerinizi nasıl ve neden kullanıyoruz',
        paragraphs: [
          "- Sizinle yaptığımız sözleşme kapsamında Polymath'ı sunmak için: hesabınızı oluşturmak ve yönetmek, mesajlarınızı yanıtlamak, araçları çalıştırmak, geçmişinizi ve galerinizi saklamak, WhatsApp bağlantısını kurmak, hizmet e-postaları (e-posta doğrulama ve şifre sıfırlama gibi) göndermek ve aboneliğinizi yönetmek.",
          "- Haklarınızla dengelenmiş meşru menfaatlerimiz için: hizmeti güvende tutmak, kötüye kullanımı ve dolandırıcılığı önlemek, sınırları uygulamak ve Polymath'ı geliştirebilmek için birinci taraf sayfa görüntülemeleriyle özelliklerin nasıl kullanıldığını anlamak.",
          '- Rızanızı istediğimiz durumlarda rızanıza dayanarak; örneğin isteğe bağlı reklam veya analiz araçları için. Rızanızı istediğiniz zaman geri çekebilirsiniz.',
          '- Fatura ve vergi kayıtlarını saklamak ve yetkili makamların hukuka uygun taleplerine yanıt vermek gibi yasal yükümlülüklerimizi yerine getirmek için.',
          "KVKK bakımından bunlar, Kanun'un 5. maddesindeki şu hukuki sebeplere karşılık gelir: bir sözleşmenin kurulması veya ifası, meşru menfaatlerimiz, hukuki yükümlülüğümüzün yerine getirilmesi ve gerektiğinde açık rızanız.",
          'Kişisel verilerinizi satmayız; sohbetlerinizi, dosyalarınızı veya görsellerinizi kendi yapay zekâ modellerimizi eğitmek için kullanmayız.',
        ],
      },
      {
        heading: 'Yapay zekâ model sağlayıcıları',
        paragraphs: [
          "Bir mesaj gönderdiğinizde veya bir aracı kullandığınızda isteminizi, eklerinizi ve yanıt için gereken sohbet bağlamını seçtiğiniz model veya aracın sağlayıcısına göndeririz: OpenAI, Anthropic, Google, DeepSeek veya xAI. Örneğin bir Claude modeline gönderilen mesaj Anthropic'e iletilir. Bu isteklerle birlikte e-posta adresinizi veya fatura bilgilerinizi göndermeyiz.",
          'Bu sağlayıcılar veri işleyenimiz (hizmet sağlayıcımız) olarak hareket eder ve verileri yalnızca yanıtı üretmek için, verilerin kullanımını sınırlayan kurumsal ve API koşulları çerçevesinde işler. Kendi gizlilik politikalarında açıklandığı üzere, istekleri güvenlik ve kötüye kullanım takibi amacıyla sınırlı bir süre saklayabilirler.',
          'İsteğiniz için gerekli olmadıkça sohbetlerde sağlık bilgileri gibi hassas bilgileri veya başkalarının kişisel verilerini paylaşmaktan kaçının.',
        ],
      },
      {
        heading: 'Diğer hizmet sağlayıcılar',
        paragraphs: [
          'Kişisel verilerinizi aşağıdaki hizmet sağlayıcılarla, yalnızca bize hizmet sunabilmeleri için ihtiyaç duydukları ölçüde paylaşırız:',
          '- Stripe: ödemeler, abonelikler, makbuzlar ve müşteri portalı;',
          '- bir kimlik doğrulama sağlayıcısı ve giriş için kullanıyorsanız Google veya Apple: giriş yapma ve giriş bağlantılarınızın yönetimi;',
          '- bir e-posta gönderim sağlayıcısı: doğrulama, şifre sıfırlama, hesap ve fatura e-postaları;',
          '- barındırma, veritabanı ve dosya depolama sağlayıcıları: uygulamanın çalıştırılması ve verilerinizin saklanması;',
          "- Meta (WhatsApp Cloud API): WhatsApp'ı bağladıysanız WhatsApp mesajlarının iletilmesi; Meta bu mesajları WhatsApp'ın kendi koşulları çerçevesinde de işler;",
          '- bir web arama sağlayıcısı: web aramasını kullandığınızda arama sorgularınızı alır;',
          '- Google (Google Tag Manager) ve Meta (Meta Pixel): reklamlarımızın ölçülmesi; yalnızca bunları etkinleştirirsek ve siz kabul ederseniz.',
          'Ayrıca yasanın gerektirdiği durumlarda, kullanıcıların veya başkalarının haklarını ve güvenliğini korumak için ya da işletmemizin birleşmesi veya satışı kapsamında verileri açıklayabiliriz; bu son durumda sizi önceden bilgilendiririz.',
        ],
      },
      {
        heading: 'Yurt dışına aktarım',
        paragraphs: [
          "Yapay zekâ model sağlayıcıları dahil hizmet sağlayıcılarımız, verilerinizi ülkeniz dışında, Türkiye, AB ve Birleşik Krallık dışında da (örneğin Amerika Birleşik Devletleri'nde) işleyebilir.",
          "Bu aktarımları yasanın gerektirdiği güvencelerle koruruz: Avrupa Komisyonu'nun standart sözleşme maddeleri ve Birleşik Krallık eki, Türkiye'den yapılan aktarımlar için KVKK'nın 9. maddesinin gerektirdiği standart sözleşmeler ve bildirimler ya da yasanın gerektirdiği durumlarda açık rızanız.",
        ],
      },
      {
        heading: 'Verileri ne kadar süre saklıyoruz',
        paragraphs: [
          `Hesap verileri, sohbetler, dosyalar, oluşturulan görseller ve WhatsApp bağlantınız, siz daha önce silmediğiniz sürece hesabınız var olduğu müddetçe saklanır. Sildiğiniz bir sohbet ${RETENTION.deletedChatDays} gün boyunca geri yüklenebilir, ardından kalıcı olarak silinir. Ücretsiz planda ${FREE_HISTORY_DAYS} günden eski sohbetler gizlenir ancak silinmez. Günlük kullanım sayaçları hesabınızla birlikte saklanır.`,
          `Hesabınızı sildiğinizde profilinizi, sohbetlerinizi, dosyalarınızı, görsellerinizi, giriş ve WhatsApp bağlantılarınızı ${RETENTION.deletedAccountDays} gün içinde sileriz. Yedeklerimizdeki kopyaların üzerine ${RETENTION.backupDays} gün içinde yazılır.`,
          `Ödeme hizmeti sağlayıcımız Stripe, vergi ve ticaret mevzuatının gerektirdiği ödeme ve fatura kayıtlarını hesabınız silindikten sonra da (Türkiye'de genellikle ${RETENTION.billingRecordYears} yıl) saklar. Hesabınızı sildiğinizde aboneliğinizin bizdeki kaydını ve geçmişini de sileriz. Muhasebemiz için yalnızca her abonelik başlangıcının, iptalinin ve iadesinin kaydını (plan, tutar, para birimi, tarih ve Stripe'ın abonelik ya da ödeme referansı) hesabınızla ilişkisi kaldırılmış olarak saklarız.`,
          `Teknik kayıtlar ${RETENTION.technicalRecordDays} gün, sayfa görüntüleme olayları ise en fazla ${RETENTION.pageViewMonths} ay saklanır. WhatsApp'ın iletim kayıtları (her mesajın WhatsApp'ın ilettiği ya da bizim gönderdiğimiz hâli ve iletim durumu) ${RETENTION.technicalRecordDays} gün saklanır; sohbetin kendisi sohbet geçmişinizde kalır. Bu süreleri aşan kayıtları her gün çalışan bir iş siler.`,
        ],
      },
      {
        heading: 'Haklarınız',
        paragraphs: [
          'Yaşadığınız yere bağlı olarak kişisel verilerinize erişme, bunları düzeltme, taşınabilir bir biçimde kopyasını alma, silinmesini isteme, işlenmesini kısıtlama veya işlenmesine (meşru menfaatlerimize dayanan işleme dahil) itiraz etme ve rızanızı istediğiniz zaman geri çekme haklarına sahipsiniz.',
          "AB veya Birleşik Krallık'taysanız bu haklar size GDPR veya UK GDPR ile tanınır ve yerel veri koruma otoritenize (Birleşik Krallık'ta Information Commissioner's Office) şikâyette bulunabilirsiniz.",
          "Türkiye'deyseniz KVKK'nın 11. maddesi uyarınca; kişisel verilerinizin işlenip işlenmediğini öğrenme ve buna ilişkin bilgi talep etme, işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme, yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme, düzeltilmesini veya silinmesini ve bu işlemlerin aktarıldığı üçüncü kişilere bildirilmesini isteme, münhasıran otomatik sistemlerle analiz edilmesi sonucunda aleyhinize bir sonuç çıkmasına itiraz etme ve kanuna aykırı işleme nedeniyle zarara uğramanız halinde zararın giderilmesini talep etme haklarına sahipsiniz. Bize başvurduktan sonra Kişisel Verileri Koruma Kurulu'na şikâyette bulunabilirsiniz.",
          "Haklarınızı kullanmak için hesabınıza kayıtlı e-posta adresinden privacy@polymath.example adresine yazın. Profilinizi Ayarlar'dan düzenleyebilir ve hesabınızı yine buradan silebilirsiniz. Talebinizi 30 gün içinde yanıtlarız; önce kimliğinizi doğrulamamız gerekebilir.",
        ],
      },
      {
        heading: 'Güvenlik',
        paragraphs: [
          'Verilerinizi aktarım sırasında şifreleme (HTTPS), özetlenmiş (hash) şifreler, httpOnly oturum çerezleri ve yalnızca ihtiyacı olan kişi ve sistemlerle sınırlandırılmış erişim ile koruruz. Kart bilgileri Stripe tarafından işlenir ve hiçbir zaman sunucularımıza ulaşmaz.',
          'Hiçbir sistem tamamen güvenli değildir. Kişisel verilerinizi etkileyen bir ihlal olursa yasanın gerektirdiği şekilde sizi ve ilgili makamları bilgilendiririz.',
        ],
      },
      {
        heading: 'Çocuklar',
        paragraphs: [
          'Polymath 16 yaşından küçükler için tasarlanmamıştır ve 16 yaşından küçük çocuklardan bilerek kişisel veri toplamayız. 16 yaşından küçük bir çocuğun hesap oluşturduğunu düşünüyorsanız privacy@polymath.example adresinden bize ulaşın; hesabı sileriz.',
        ],
      },
      {
        heading: 'Değişiklikler ve iletişim',
        paragraphs: [
          'Bu politikayı güncelleyebiliriz. En üstteki tarih son değişiklik tarihini gösterir; önemli değişiklikleri yürürlüğe girmeden önce e-posta veya uygulama içinden size bildiririz.',
          'Gizlilikle ilgili sorular ve veri talepleri için: privacy@polymath.example. Diğer tüm konular için: support@polymath.example.',
        ],
      },
    ],
  },
};
