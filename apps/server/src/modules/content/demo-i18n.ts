/**
 * DEMO CONTENT in the languages besides English and Chinese (demo.ts holds those two): the same
 * items, keyed by their seed key, so a Japanese or Thai visitor of the demo reads banners,
 * announcements, the FAQ and the content pages in their language instead of the English fallback
 * (issue 20). Like the rest of the demo content, every page-like item ends with the note that it
 * is demo text.
 *
 * `addDemoTranslations` adds these to the demo items, also on a database seeded before they
 * existed, but only where the language is missing and the item's English title is still the one
 * seeded (an item an operator rewrote is left alone).
 */
import { CONTENT_CATEGORY as C } from '@bourse/contract';
import type { AppContext } from '../../context';
import { sanitizeHtml } from './sanitize';

export const DEMO_EXTRA_LANGS = ['hk', 'th', 'jp', 'kor', 'fra', 'spa', 'de', 'vn', 'py'] as const;
export type DemoExtraLang = (typeof DEMO_EXTRA_LANGS)[number];

type Text = [title: string, body: string];

/** The "this is demo content" note at the end of page-like items. */
export const DEMO_NOTE: Record<DemoExtraLang, string> = {
  hk: '<p><em>演示內容：此文字隨演示資料提供，以免應用程式空白。營運人員可在後台替換。</em></p>',
  th: '<p><em>เนื้อหาตัวอย่าง: ข้อความนี้มาพร้อมข้อมูลตัวอย่างเพื่อไม่ให้แอปว่างเปล่า ผู้ดูแลระบบสามารถแทนที่ได้ในคอนโซล</em></p>',
  jp: '<p><em>デモコンテンツ：アプリが空にならないよう、デモデータと一緒に用意された文章です。運営者はコンソールで差し替えられます。</em></p>',
  kor: '<p><em>데모 콘텐츠: 앱이 비어 있지 않도록 데모 데이터와 함께 제공되는 글입니다. 운영자가 콘솔에서 바꿀 수 있습니다.</em></p>',
  fra: '<p><em>Contenu de démonstration : ce texte est fourni avec les données de démo pour que l’application ne soit pas vide. Les opérateurs le remplacent dans la console.</em></p>',
  spa: '<p><em>Contenido de demostración: este texto viene con los datos de demo para que la aplicación no esté vacía. Los operadores lo sustituyen en la consola.</em></p>',
  de: '<p><em>Demo-Inhalt: Dieser Text gehört zu den Demodaten, damit die App nicht leer ist. Betreiber ersetzen ihn in der Konsole.</em></p>',
  vn: '<p><em>Nội dung minh họa: văn bản này đi kèm dữ liệu demo để ứng dụng không trống. Nhà vận hành thay thế nó trong bảng điều khiển.</em></p>',
  py: '<p><em>Демонстрационный контент: этот текст входит в демо-данные, чтобы приложение не было пустым. Операторы заменяют его в консоли.</em></p>',
};

export const DEMO_TRANSLATIONS: Record<string, Record<DemoExtraLang, Text>> = {
  'announcement-welcome': {
    hk: [
      '歡迎體驗 Bourse 演示版',
      '<p>本平台正以<strong>演示資料</strong>運行：餘額、價格和訂單均為模擬，不涉及真實資金。</p><p>使用登入頁顯示的演示帳戶登入，即可體驗充值、交易和理財功能。</p>',
    ],
    th: [
      'ยินดีต้อนรับสู่ Bourse เวอร์ชันตัวอย่าง',
      '<p>แพลตฟอร์มนี้ทำงานด้วย<strong>ข้อมูลตัวอย่าง</strong>: ยอดคงเหลือ ราคา และคำสั่งซื้อขายเป็นการจำลอง ไม่มีการเคลื่อนย้ายเงินจริง</p><p>เข้าสู่ระบบด้วยบัญชีตัวอย่างที่แสดงในหน้าเข้าสู่ระบบ เพื่อทดลองการฝาก การเทรด และการออม</p>',
    ],
    jp: [
      'Bourse デモへようこそ',
      '<p>このプラットフォームは<strong>デモデータ</strong>で動いています。残高・価格・注文はシミュレーションで、実際のお金は動きません。</p><p>ログイン画面に表示されるデモアカウントでログインすると、入金・取引・資産運用を試せます。</p>',
    ],
    kor: [
      'Bourse 데모에 오신 것을 환영합니다',
      '<p>이 플랫폼은 <strong>데모 데이터</strong>로 운영됩니다. 잔액, 가격, 주문은 모두 시뮬레이션이며 실제 돈은 오가지 않습니다.</p><p>로그인 페이지에 표시된 데모 계정으로 로그인해 입금, 거래, 저축을 체험해 보세요.</p>',
    ],
    fra: [
      'Bienvenue dans la démo de Bourse',
      '<p>Cette plateforme fonctionne avec des <strong>données de démonstration</strong> : soldes, prix et ordres sont simulés et aucun argent réel ne circule.</p><p>Connectez-vous avec le compte de démo affiché sur la page de connexion pour essayer les dépôts, le trading et l’épargne.</p>',
    ],
    spa: [
      'Bienvenido a la demo de Bourse',
      '<p>Esta plataforma funciona con <strong>datos de demostración</strong>: los saldos, precios y órdenes son simulados y no se mueve dinero real.</p><p>Inicia sesión con la cuenta de demo que aparece en la página de inicio de sesión para probar depósitos, trading y ahorro.</p>',
    ],
    de: [
      'Willkommen in der Bourse-Demo',
      '<p>Diese Plattform läuft mit <strong>Demodaten</strong>: Guthaben, Kurse und Aufträge sind simuliert, es wird kein echtes Geld bewegt.</p><p>Melden Sie sich mit dem Demokonto von der Anmeldeseite an, um Einzahlungen, Handel und Sparen auszuprobieren.</p>',
    ],
    vn: [
      'Chào mừng bạn đến với bản demo Bourse',
      '<p>Nền tảng này đang chạy với <strong>dữ liệu demo</strong>: số dư, giá và lệnh đều được mô phỏng, không có tiền thật nào được chuyển.</p><p>Đăng nhập bằng tài khoản demo hiển thị trên trang đăng nhập để thử nạp tiền, giao dịch và tiết kiệm.</p>',
    ],
    py: [
      'Добро пожаловать в демо Bourse',
      '<p>Платформа работает на <strong>демо-данных</strong>: балансы, цены и ордера смоделированы, реальные деньги не перемещаются.</p><p>Войдите с демо-аккаунтом, указанным на странице входа, чтобы попробовать пополнение, торговлю и накопления.</p>',
    ],
  },
  'announcement-maintenance': {
    hk: [
      '計劃維護時間（演示）',
      '<p>維護時間會至少提前 24 小時在此公佈。維護期間的充值會在維護結束後入帳，資金不受影響。</p>',
    ],
    th: [
      'ช่วงเวลาปิดปรับปรุงตามกำหนด (ตัวอย่าง)',
      '<p>เราจะประกาศช่วงปิดปรับปรุงที่นี่ล่วงหน้าอย่างน้อย 24 ชั่วโมง ระหว่างปิดปรับปรุง ยอดฝากจะเข้าบัญชีหลังจากนั้น เงินของคุณไม่ได้รับผลกระทบ</p>',
    ],
    jp: [
      '定期メンテナンスのお知らせ（デモ）',
      '<p>メンテナンスは少なくとも 24 時間前にここでお知らせします。メンテナンス中の入金は終了後に反映され、資金への影響はありません。</p>',
    ],
    kor: [
      '정기 점검 안내(데모)',
      '<p>점검 시간은 최소 24시간 전에 이곳에 공지됩니다. 점검 중 입금은 점검이 끝난 뒤 반영되며 자금에는 영향이 없습니다.</p>',
    ],
    fra: [
      'Fenêtre de maintenance programmée (démo)',
      '<p>Les maintenances sont annoncées ici au moins 24 heures à l’avance. Pendant une maintenance, les dépôts sont crédités ensuite ; aucun fonds n’est affecté.</p>',
    ],
    spa: [
      'Ventana de mantenimiento programada (demo)',
      '<p>Los mantenimientos se anuncian aquí con al menos 24 horas de antelación. Los depósitos hechos durante el mantenimiento se abonan después; los fondos no se ven afectados.</p>',
    ],
    de: [
      'Geplantes Wartungsfenster (Demo)',
      '<p>Wartungsfenster werden hier mindestens 24 Stunden im Voraus angekündigt. Einzahlungen während der Wartung werden danach gutgeschrieben; Guthaben sind nicht betroffen.</p>',
    ],
    vn: [
      'Lịch bảo trì định kỳ (demo)',
      '<p>Thời gian bảo trì được thông báo tại đây trước ít nhất 24 giờ. Tiền nạp trong lúc bảo trì sẽ được ghi có sau đó; tiền của bạn không bị ảnh hưởng.</p>',
    ],
    py: [
      'Плановые технические работы (демо)',
      '<p>О технических работах мы сообщаем здесь не менее чем за 24 часа. Пополнения во время работ зачисляются после них; средства не затрагиваются.</p>',
    ],
  },
  'announcement-listing': {
    hk: [
      '新交易對已在行情頁上線（演示）',
      '<p>每個上線的交易對都會在行情頁顯示即時價格、24 小時漲跌幅和成交量。</p>',
    ],
    th: [
      'คู่เทรดใหม่พร้อมแล้วในหน้าราคา (ตัวอย่าง)',
      '<p>ทุกคู่เทรดที่เปิดให้บริการจะแสดงราคาล่าสุด การเปลี่ยนแปลง 24 ชม. และปริมาณการซื้อขายในแท็บราคา</p>',
    ],
    jp: [
      '新しい取引ペアを相場ページに追加しました（デモ）',
      '<p>上場中のすべてのペアについて、相場タブで最新価格・24 時間の騰落率・出来高を確認できます。</p>',
    ],
    kor: [
      '새 거래쌍이 시세 페이지에 상장되었습니다(데모)',
      '<p>상장된 모든 거래쌍의 실시간 가격, 24시간 등락률, 거래량을 시세 탭에서 볼 수 있습니다.</p>',
    ],
    fra: [
      'De nouvelles paires sont cotées sur la page des cours (démo)',
      '<p>Chaque paire cotée affiche son prix en direct, sa variation sur 24 h et son volume dans l’onglet Cours.</p>',
    ],
    spa: [
      'Nuevos pares de trading en la página de cotizaciones (demo)',
      '<p>Cada par cotizado muestra su precio en directo, su variación en 24 h y su volumen en la pestaña Cotizaciones.</p>',
    ],
    de: [
      'Neue Handelspaare auf der Kursseite gelistet (Demo)',
      '<p>Jedes gelistete Paar zeigt auf dem Kurse-Tab seinen aktuellen Kurs, die 24-h-Änderung und das Volumen.</p>',
    ],
    vn: [
      'Cặp giao dịch mới đã có trên trang giá (demo)',
      '<p>Mỗi cặp được niêm yết đều hiển thị giá trực tiếp, biến động 24 giờ và khối lượng trong thẻ Giá.</p>',
    ],
    py: [
      'Новые торговые пары на странице котировок (демо)',
      '<p>Для каждой пары на вкладке «Котировки» показаны текущая цена, изменение за 24 ч и объём.</p>',
    ],
  },
  'banner-savings': {
    hk: ['每日收益理財（演示）', '<p>鎖定一定金額，每日獲得收益。</p>'],
    th: ['ออมเงินรับผลตอบแทนรายวัน (ตัวอย่าง)', '<p>ล็อกจำนวนเงินแล้วรับผลตอบแทนทุกวัน</p>'],
    jp: ['日次利回りの資産運用（デモ）', '<p>金額を預け入れて、毎日利回りを受け取れます。</p>'],
    kor: ['매일 수익이 쌓이는 저축(데모)', '<p>금액을 예치하고 매일 수익을 받으세요.</p>'],
    fra: [
      'Épargne à rendement quotidien (démo)',
      '<p>Bloquez un montant et percevez un rendement chaque jour.</p>',
    ],
    spa: [
      'Ahorro con rendimiento diario (demo)',
      '<p>Bloquea un importe y obtén un rendimiento cada día.</p>',
    ],
    de: [
      'Sparen mit täglichem Ertrag (Demo)',
      '<p>Legen Sie einen Betrag fest an und erhalten Sie täglich Ertrag.</p>',
    ],
    vn: ['Tiết kiệm sinh lời hằng ngày (demo)', '<p>Khóa một khoản tiền và nhận lợi nhuận mỗi ngày.</p>'],
    py: [
      'Накопления с ежедневным доходом (демо)',
      '<p>Заблокируйте сумму и получайте доход каждый день.</p>',
    ],
  },
  'banner-markets': {
    hk: ['即時行情，精確數據（演示）', '<p>價格來自平台行情源。</p>'],
    th: ['ราคาเรียลไทม์ ตัวเลขแม่นยำ (ตัวอย่าง)', '<p>ราคาจากแหล่งข้อมูลราคาของแพลตฟอร์ม</p>'],
    jp: [
      'リアルタイム相場、正確な数値（デモ）',
      '<p>価格はプラットフォームの相場フィードから取得しています。</p>',
    ],
    kor: ['실시간 시세, 정확한 수치(데모)', '<p>가격은 플랫폼 시세 피드에서 가져옵니다.</p>'],
    fra: ['Marchés en direct, chiffres exacts (démo)', '<p>Les prix viennent du flux de la plateforme.</p>'],
    spa: [
      'Mercados en directo, cifras exactas (demo)',
      '<p>Precios del flujo de datos de la plataforma.</p>',
    ],
    de: ['Live-Märkte, exakte Zahlen (Demo)', '<p>Kurse aus dem Datenstrom der Plattform.</p>'],
    vn: ['Thị trường trực tiếp, số liệu chính xác (demo)', '<p>Giá lấy từ nguồn dữ liệu của nền tảng.</p>'],
    py: ['Рынки в реальном времени, точные цифры (демо)', '<p>Цены из потока котировок платформы.</p>'],
  },
  'faq-deposit': {
    hk: [
      '如何充值？',
      '<p>打開<strong>資產 → 充值</strong>，選擇幣種和網絡，向顯示的地址轉帳（可複製地址或掃描二維碼）。網絡確認後即到帳。</p>',
    ],
    th: [
      'ฝากเงินอย่างไร?',
      '<p>เปิด<strong>สินทรัพย์ → ฝาก</strong> เลือกเหรียญและเครือข่าย แล้วโอนไปยังที่อยู่ที่แสดง (คัดลอกหรือสแกนคิวอาร์โค้ด) ยอดฝากจะเข้าหลังได้รับการยืนยันจากเครือข่าย</p>',
    ],
    jp: [
      '入金方法は？',
      '<p><strong>資産 → 入金</strong>を開き、通貨とネットワークを選んで、表示されたアドレスへ送金してください（アドレスをコピーするか QR コードを読み取ります）。ネットワークの承認後に反映されます。</p>',
    ],
    kor: [
      '어떻게 입금하나요?',
      '<p><strong>자산 → 입금</strong>을 열고 코인과 네트워크를 선택한 뒤 표시된 주소로 보내세요(주소를 복사하거나 QR 코드를 스캔). 네트워크 확인 후 입금됩니다.</p>',
    ],
    fra: [
      'Comment déposer ?',
      '<p>Ouvrez <strong>Actifs → Dépôt</strong>, choisissez la devise et le réseau, puis envoyez les fonds à l’adresse affichée (copiez-la ou scannez le QR code). Le dépôt est crédité après les confirmations du réseau.</p>',
    ],
    spa: [
      '¿Cómo deposito?',
      '<p>Abre <strong>Activos → Depósito</strong>, elige la moneda y la red y envía los fondos a la dirección mostrada (cópiala o escanea el código QR). El depósito se abona tras las confirmaciones de la red.</p>',
    ],
    de: [
      'Wie zahle ich ein?',
      '<p>Öffnen Sie <strong>Vermögen → Einzahlen</strong>, wählen Sie Währung und Netzwerk und senden Sie an die angezeigte Adresse (kopieren oder QR-Code scannen). Die Gutschrift erfolgt nach den Netzwerkbestätigungen.</p>',
    ],
    vn: [
      'Làm thế nào để nạp tiền?',
      '<p>Mở <strong>Tài sản → Nạp tiền</strong>, chọn loại tiền và mạng, rồi gửi tiền đến địa chỉ hiển thị (sao chép hoặc quét mã QR). Tiền được ghi có sau khi mạng xác nhận.</p>',
    ],
    py: [
      'Как пополнить счёт?',
      '<p>Откройте <strong>Активы → Пополнение</strong>, выберите валюту и сеть и отправьте средства на указанный адрес (скопируйте его или отсканируйте QR-код). Зачисление — после подтверждений сети.</p>',
    ],
  },
  'faq-withdraw': {
    hk: [
      '提幣需要多長時間？',
      '<p>每筆提幣都會顯示狀態：審核中、處理中、已完成，或被拒絕並附原因。大多數會在幾小時內處理完畢。</p>',
    ],
    th: [
      'การถอนใช้เวลานานเท่าไร?',
      '<p>การถอนทุกรายการจะแสดงสถานะ: กำลังตรวจสอบ กำลังดำเนินการ เสร็จสิ้น หรือถูกปฏิเสธพร้อมเหตุผล ส่วนใหญ่ดำเนินการเสร็จภายในไม่กี่ชั่วโมง</p>',
    ],
    jp: [
      '出金にはどのくらいかかりますか？',
      '<p>すべての出金に状態が表示されます：審査中、処理中、完了、または理由付きの却下。ほとんどは数時間以内に処理されます。</p>',
    ],
    kor: [
      '출금은 얼마나 걸리나요?',
      '<p>모든 출금에는 상태가 표시됩니다: 심사 중, 처리 중, 완료, 또는 사유와 함께 거절. 대부분 몇 시간 안에 처리됩니다.</p>',
    ],
    fra: [
      'Combien de temps prend un retrait ?',
      '<p>Chaque retrait affiche son statut : en cours d’examen, en cours, terminé, ou refusé avec un motif. La plupart sont traités en quelques heures.</p>',
    ],
    spa: [
      '¿Cuánto tarda un retiro?',
      '<p>Cada retiro muestra su estado: en revisión, en curso, completado o rechazado con un motivo. La mayoría se procesa en pocas horas.</p>',
    ],
    de: [
      'Wie lange dauert eine Auszahlung?',
      '<p>Jede Auszahlung zeigt ihren Status: in Prüfung, in Bearbeitung, abgeschlossen oder abgelehnt mit Begründung. Die meisten werden innerhalb weniger Stunden bearbeitet.</p>',
    ],
    vn: [
      'Rút tiền mất bao lâu?',
      '<p>Mỗi lệnh rút đều hiển thị trạng thái: đang xét duyệt, đang xử lý, hoàn tất, hoặc bị từ chối kèm lý do. Phần lớn được xử lý trong vài giờ.</p>',
    ],
    py: [
      'Сколько времени занимает вывод?',
      '<p>У каждого вывода виден статус: на проверке, в обработке, завершён или отклонён с указанием причины. Большинство выводов обрабатывается за несколько часов.</p>',
    ],
  },
  'faq-savings': {
    hk: [
      '提前贖回理財會怎樣？',
      '<p>提前贖回會退還本金，並扣除確認前顯示的提前贖回違約金。已發放的收益仍歸您所有。</p>',
    ],
    th: [
      'ถ้าถอนเงินออมก่อนกำหนดจะเป็นอย่างไร?',
      '<p>การถอนก่อนกำหนดจะคืนเงินต้นหักค่าปรับการถอนก่อนกำหนดที่แสดงก่อนคุณยืนยัน ผลตอบแทนที่จ่ายไปแล้วยังเป็นของคุณ</p>',
    ],
    jp: [
      '運用を途中解約するとどうなりますか？',
      '<p>途中解約では、確認前に表示される途中解約手数料を差し引いた元本が返されます。支払い済みの利回りはそのままです。</p>',
    ],
    kor: [
      '저축을 중도 해지하면 어떻게 되나요?',
      '<p>중도 해지 시 확인 전에 표시되는 중도 해지 수수료를 뺀 원금이 돌아옵니다. 이미 지급된 수익은 그대로 유지됩니다.</p>',
    ],
    fra: [
      'Que se passe-t-il si je retire mon épargne avant terme ?',
      '<p>Un retrait anticipé rend le capital, moins la pénalité de retrait anticipé affichée avant la confirmation. Le rendement déjà versé vous reste acquis.</p>',
    ],
    spa: [
      '¿Qué pasa si rescato el ahorro antes de tiempo?',
      '<p>El rescate anticipado devuelve el capital menos la penalización por rescate anticipado que se muestra antes de confirmar. El rendimiento ya pagado sigue siendo tuyo.</p>',
    ],
    de: [
      'Was passiert, wenn ich vorzeitig auflöse?',
      '<p>Eine vorzeitige Auflösung zahlt das Kapital abzüglich der vor der Bestätigung angezeigten Vorfälligkeitsgebühr zurück. Bereits gezahlter Ertrag bleibt Ihnen.</p>',
    ],
    vn: [
      'Điều gì xảy ra nếu tôi rút tiết kiệm trước hạn?',
      '<p>Rút trước hạn hoàn lại tiền gốc trừ phí rút trước hạn được hiển thị trước khi bạn xác nhận. Lợi nhuận đã trả vẫn thuộc về bạn.</p>',
    ],
    py: [
      'Что будет при досрочном выводе накоплений?',
      '<p>При досрочном выводе возвращается основная сумма за вычетом штрафа за досрочный вывод, показанного до подтверждения. Уже выплаченный доход остаётся у вас.</p>',
    ],
  },
  'faq-support': {
    hk: ['如何聯絡客服？', '<p>點擊首頁的<strong>客服</strong>或下方的按鈕，即可聯絡客服。</p>'],
    th: [
      'ติดต่อฝ่ายบริการลูกค้าอย่างไร?',
      '<p>แตะ<strong>ฝ่ายบริการ</strong>ในหน้าแรกหรือปุ่มด้านล่าง เพื่อติดต่อฝ่ายบริการลูกค้า</p>',
    ],
    jp: [
      'カスタマーサービスへの連絡方法は？',
      '<p>ホーム画面の<strong>サポート</strong>または下のボタンをタップすると、カスタマーサービスにつながります。</p>',
    ],
    kor: [
      '고객센터에 어떻게 연락하나요?',
      '<p>홈 화면의 <strong>고객지원</strong> 또는 아래 버튼을 누르면 고객센터로 연결됩니다.</p>',
    ],
    fra: [
      'Comment joindre le service client ?',
      '<p>Touchez <strong>Assistance</strong> sur l’accueil ou le bouton ci-dessous : il ouvre le service client.</p>',
    ],
    spa: [
      '¿Cómo contacto con atención al cliente?',
      '<p>Toca <strong>Soporte</strong> en la página de inicio o el botón de abajo: abre la atención al cliente.</p>',
    ],
    de: [
      'Wie erreiche ich den Kundenservice?',
      '<p>Tippen Sie auf der Startseite auf <strong>Support</strong> oder auf die Schaltfläche unten; sie öffnet den Kundenservice.</p>',
    ],
    vn: [
      'Làm sao liên hệ chăm sóc khách hàng?',
      '<p>Chạm <strong>Hỗ trợ</strong> trên trang chủ hoặc nút bên dưới để liên hệ chăm sóc khách hàng.</p>',
    ],
    py: [
      'Как связаться со службой поддержки?',
      '<p>Нажмите <strong>Поддержка</strong> на главной странице или кнопку ниже — откроется служба поддержки.</p>',
    ],
  },
  contact: {
    hk: [
      '聯絡我們',
      '<h3>電郵</h3><p>請發送電郵至 <a href="mailto:support@example.com">support@example.com</a>，並寫明您的用戶 ID 和遇到的情況。我們會在一個工作日內回覆。</p><h3>回覆與通知</h3><p>客服的回覆和帳戶通知會送到您的<a href="/pages/setting/message">訊息中心</a>（首頁頂部的鈴鐺）。</p><h3>寫信之前</h3><p>許多問題在<a href="/pages/common/common_problem">常見問題</a>中已有解答。</p>',
    ],
    th: [
      'ติดต่อเรา',
      '<h3>อีเมล</h3><p>เขียนถึง <a href="mailto:support@example.com">support@example.com</a> พร้อม ID ผู้ใช้และสิ่งที่เกิดขึ้น เราตอบกลับภายในหนึ่งวันทำการ</p><h3>คำตอบและการแจ้งเตือน</h3><p>คำตอบจากทีมงานและการแจ้งเตือนเกี่ยวกับบัญชีจะส่งไปที่<a href="/pages/setting/message">กล่องข้อความ</a>ของคุณ (รูประฆังด้านบนของหน้าแรก)</p><h3>ก่อนเขียนถึงเรา</h3><p>คำถามส่วนใหญ่มีคำตอบอยู่ใน<a href="/pages/common/common_problem">คำถามที่พบบ่อย</a></p>',
    ],
    jp: [
      'お問い合わせ',
      '<h3>メール</h3><p><a href="mailto:support@example.com">support@example.com</a> まで、ユーザー ID と状況を添えてご連絡ください。1 営業日以内にお返事します。</p><h3>返信とお知らせ</h3><p>チームからの返信やアカウントに関するお知らせは<a href="/pages/setting/message">メッセージ</a>（ホーム上部のベル）に届きます。</p><h3>お問い合わせの前に</h3><p>多くの質問は<a href="/pages/common/common_problem">よくある質問</a>で回答しています。</p>',
    ],
    kor: [
      '문의하기',
      '<h3>이메일</h3><p>사용자 ID와 상황을 적어 <a href="mailto:support@example.com">support@example.com</a>으로 보내 주세요. 영업일 기준 하루 안에 답변드립니다.</p><h3>답변과 알림</h3><p>팀의 답변과 계정 알림은 <a href="/pages/setting/message">메시지함</a>(홈 상단의 종 모양)으로 전달됩니다.</p><h3>문의하기 전에</h3><p>많은 질문의 답이 <a href="/pages/common/common_problem">자주 묻는 질문</a>에 있습니다.</p>',
    ],
    fra: [
      'Nous contacter',
      '<h3>E-mail</h3><p>Écrivez à <a href="mailto:support@example.com">support@example.com</a> en indiquant votre identifiant et ce qui s’est passé. Nous répondons sous un jour ouvré.</p><h3>Réponses et avis</h3><p>Les réponses de notre équipe et les avis concernant votre compte arrivent dans votre <a href="/pages/setting/message">messagerie</a> (la cloche en haut de l’accueil).</p><h3>Avant d’écrire</h3><p>Beaucoup de questions ont leur réponse dans la <a href="/pages/common/common_problem">FAQ</a>.</p>',
    ],
    spa: [
      'Contacto',
      '<h3>Correo electrónico</h3><p>Escribe a <a href="mailto:support@example.com">support@example.com</a> con tu ID de usuario y lo que ocurrió. Respondemos en un día hábil.</p><h3>Respuestas y avisos</h3><p>Las respuestas de nuestro equipo y los avisos sobre tu cuenta llegan a tu <a href="/pages/setting/message">bandeja de mensajes</a> (la campana arriba en la página de inicio).</p><h3>Antes de escribir</h3><p>Muchas preguntas tienen respuesta en las <a href="/pages/common/common_problem">preguntas frecuentes</a>.</p>',
    ],
    de: [
      'Kontakt',
      '<h3>E-Mail</h3><p>Schreiben Sie an <a href="mailto:support@example.com">support@example.com</a> mit Ihrer Benutzer-ID und dem, was passiert ist. Wir antworten innerhalb eines Werktags.</p><h3>Antworten und Hinweise</h3><p>Antworten unseres Teams und Hinweise zu Ihrem Konto kommen in Ihren <a href="/pages/setting/message">Posteingang</a> (die Glocke oben auf der Startseite).</p><h3>Bevor Sie schreiben</h3><p>Viele Fragen beantwortet bereits die <a href="/pages/common/common_problem">FAQ</a>.</p>',
    ],
    vn: [
      'Liên hệ',
      '<h3>Email</h3><p>Gửi thư đến <a href="mailto:support@example.com">support@example.com</a> kèm ID người dùng và sự việc đã xảy ra. Chúng tôi trả lời trong vòng một ngày làm việc.</p><h3>Phản hồi và thông báo</h3><p>Phản hồi của đội ngũ và thông báo về tài khoản được gửi vào <a href="/pages/setting/message">hộp thư</a> của bạn (biểu tượng chuông ở đầu trang chủ).</p><h3>Trước khi viết</h3><p>Nhiều câu hỏi đã có lời đáp trong phần <a href="/pages/common/common_problem">Câu hỏi thường gặp</a>.</p>',
    ],
    py: [
      'Контакты',
      '<h3>Электронная почта</h3><p>Напишите на <a href="mailto:support@example.com">support@example.com</a>, указав ID пользователя и что произошло. Мы отвечаем в течение одного рабочего дня.</p><h3>Ответы и уведомления</h3><p>Ответы команды и уведомления об аккаунте приходят во <a href="/pages/setting/message">входящие сообщения</a> (колокольчик вверху главной страницы).</p><h3>Прежде чем писать</h3><p>Ответы на многие вопросы есть в разделе <a href="/pages/common/common_problem">FAQ</a>.</p>',
    ],
  },
  about: {
    hk: [
      '關於我們',
      '<h3>我們是誰</h3><p>Bourse 是一套可自行部署的零售數碼資產平台軟件：行情、交易、理財和資產中心。</p><h3>我們如何保管您的資金</h3><ul><li>每一次餘額變動都是一筆複式記帳分錄。</li><li>合約只按已記錄的價格結算。</li><li>每筆提幣都有可見的狀態。</li></ul>',
    ],
    th: [
      'เกี่ยวกับเรา',
      '<h3>เราคือใคร</h3><p>Bourse คือซอฟต์แวร์ที่ติดตั้งเองได้สำหรับแพลตฟอร์มสินทรัพย์คริปโตรายย่อย: ราคา การเทรด การออม และศูนย์สินทรัพย์</p><h3>เราดูแลเงินของคุณอย่างไร</h3><ul><li>การเปลี่ยนแปลงยอดคงเหลือทุกครั้งเป็นรายการบัญชีคู่</li><li>สัญญาชำระราคาเฉพาะกับราคาที่บันทึกไว้</li><li>การถอนทุกรายการมีสถานะที่มองเห็นได้</li></ul>',
    ],
    jp: [
      '会社概要',
      '<h3>私たちについて</h3><p>Bourse は、個人向け暗号資産プラットフォームのための自己ホスト型ソフトウェアです：相場、取引、資産運用、資産センター。</p><h3>お客様の資金の守り方</h3><ul><li>残高の変動はすべて複式簿記の仕訳です。</li><li>コントラクトは記録された価格でのみ決済されます。</li><li>すべての出金に状態が表示されます。</li></ul>',
    ],
    kor: [
      '회사 소개',
      '<h3>우리는 누구인가</h3><p>Bourse는 개인 고객용 암호화폐 플랫폼을 위한 자체 호스팅 소프트웨어입니다: 시세, 거래, 저축, 자산 센터.</p><h3>자금을 지키는 방법</h3><ul><li>모든 잔액 변동은 복식부기 분개입니다.</li><li>계약은 기록된 가격으로만 정산됩니다.</li><li>모든 출금에는 확인 가능한 상태가 있습니다.</li></ul>',
    ],
    fra: [
      'À propos',
      '<h3>Qui sommes-nous</h3><p>Bourse est un logiciel auto-hébergeable pour une plateforme de crypto-actifs destinée aux particuliers : cours, trading, épargne et centre d’actifs.</p><h3>Comment nous gardons votre argent</h3><ul><li>Chaque mouvement de solde est une écriture en partie double.</li><li>Les contrats ne se règlent qu’aux prix enregistrés.</li><li>Chaque retrait a un statut visible.</li></ul>',
    ],
    spa: [
      'Quiénes somos',
      '<h3>Quiénes somos</h3><p>Bourse es software autoalojable para una plataforma de criptoactivos para particulares: cotizaciones, trading, ahorro y un centro de activos.</p><h3>Cómo guardamos tu dinero</h3><ul><li>Cada cambio de saldo es un asiento de partida doble.</li><li>Los contratos se liquidan solo con precios registrados.</li><li>Cada retiro tiene un estado visible.</li></ul>',
    ],
    de: [
      'Über uns',
      '<h3>Wer wir sind</h3><p>Bourse ist selbst hostbare Software für eine Krypto-Plattform für Privatkunden: Kurse, Handel, Sparen und ein Vermögenszentrum.</p><h3>Wie wir Ihr Geld verwahren</h3><ul><li>Jede Saldoänderung ist eine doppelte Buchung.</li><li>Kontrakte werden nur zu aufgezeichneten Kursen abgerechnet.</li><li>Jede Auszahlung hat einen sichtbaren Status.</li></ul>',
    ],
    vn: [
      'Về chúng tôi',
      '<h3>Chúng tôi là ai</h3><p>Bourse là phần mềm tự triển khai cho nền tảng tài sản mã hóa dành cho nhà đầu tư cá nhân: giá, giao dịch, tiết kiệm và trung tâm tài sản.</p><h3>Cách chúng tôi giữ tiền của bạn</h3><ul><li>Mọi thay đổi số dư đều là một bút toán kép.</li><li>Hợp đồng chỉ thanh toán theo giá đã ghi nhận.</li><li>Mọi lệnh rút đều có trạng thái hiển thị.</li></ul>',
    ],
    py: [
      'О нас',
      '<h3>Кто мы</h3><p>Bourse — самостоятельно размещаемое ПО для розничной платформы криптоактивов: котировки, торговля, накопления и центр активов.</p><h3>Как мы храним ваши деньги</h3><ul><li>Каждое изменение баланса — проводка по двойной записи.</li><li>Контракты рассчитываются только по записанным ценам.</li><li>У каждого вывода виден статус.</li></ul>',
    ],
  },
  terms: {
    hk: [
      '服務條款',
      '<h3>1. 服務</h3><p>本站營運方依據本條款提供平台服務。使用本服務即表示接受本條款。</p><h3>2. 您的帳戶</h3><p>請妥善保管密碼。您須對帳戶下的所有活動負責。</p><h3>3. 風險</h3><p>數碼資產價格波動劇烈，您可能損失交易的金額。</p>',
    ],
    th: [
      'ข้อกำหนดการให้บริการ',
      '<h3>1. บริการ</h3><p>ผู้ให้บริการเว็บไซต์นี้ให้บริการแพลตฟอร์มภายใต้ข้อกำหนดเหล่านี้ การใช้บริการถือว่ายอมรับข้อกำหนด</p><h3>2. บัญชีของคุณ</h3><p>เก็บรหัสผ่านเป็นความลับ คุณรับผิดชอบกิจกรรมทั้งหมดภายใต้บัญชีของคุณ</p><h3>3. ความเสี่ยง</h3><p>ราคาสินทรัพย์คริปโตผันผวน คุณอาจสูญเสียจำนวนเงินที่ใช้เทรด</p>',
    ],
    jp: [
      '利用規約',
      '<h3>1. サービス</h3><p>本サイトの運営者は、この規約に基づいてプラットフォームを提供します。サービスを利用することで、この規約に同意したものとみなされます。</p><h3>2. アカウント</h3><p>パスワードは秘密にしてください。アカウントでの行為にはお客様が責任を負います。</p><h3>3. リスク</h3><p>暗号資産の価格は大きく変動し、取引した金額を失う可能性があります。</p>',
    ],
    kor: [
      '서비스 약관',
      '<h3>1. 서비스</h3><p>이 사이트의 운영자는 본 약관에 따라 플랫폼을 제공합니다. 서비스를 이용하면 약관에 동의한 것으로 봅니다.</p><h3>2. 계정</h3><p>비밀번호를 안전하게 보관하세요. 계정에서 일어나는 활동은 본인 책임입니다.</p><h3>3. 위험</h3><p>암호화폐 가격은 변동성이 크며 거래한 금액을 잃을 수 있습니다.</p>',
    ],
    fra: [
      'Conditions d’utilisation',
      '<h3>1. Le service</h3><p>L’opérateur de ce site fournit la plateforme selon ces conditions. Utiliser le service vaut acceptation.</p><h3>2. Votre compte</h3><p>Gardez votre mot de passe secret. Vous êtes responsable de l’activité de votre compte.</p><h3>3. Risques</h3><p>Les prix des crypto-actifs sont volatils ; vous pouvez perdre le montant que vous négociez.</p>',
    ],
    spa: [
      'Términos del servicio',
      '<h3>1. El servicio</h3><p>El operador de este sitio ofrece la plataforma según estos términos. Usar el servicio supone aceptarlos.</p><h3>2. Tu cuenta</h3><p>Mantén tu contraseña en secreto. Eres responsable de la actividad de tu cuenta.</p><h3>3. Riesgos</h3><p>Los precios de los criptoactivos son volátiles; puedes perder el importe que operes.</p>',
    ],
    de: [
      'Nutzungsbedingungen',
      '<h3>1. Der Dienst</h3><p>Der Betreiber dieser Website stellt die Plattform zu diesen Bedingungen bereit. Mit der Nutzung akzeptieren Sie sie.</p><h3>2. Ihr Konto</h3><p>Halten Sie Ihr Passwort geheim. Sie sind für die Aktivitäten in Ihrem Konto verantwortlich.</p><h3>3. Risiken</h3><p>Krypto-Kurse schwanken stark; Sie können den gehandelten Betrag verlieren.</p>',
    ],
    vn: [
      'Điều khoản dịch vụ',
      '<h3>1. Dịch vụ</h3><p>Nhà vận hành trang này cung cấp nền tảng theo các điều khoản này. Sử dụng dịch vụ nghĩa là bạn chấp nhận chúng.</p><h3>2. Tài khoản của bạn</h3><p>Giữ bí mật mật khẩu. Bạn chịu trách nhiệm về mọi hoạt động trong tài khoản.</p><h3>3. Rủi ro</h3><p>Giá tài sản mã hóa biến động mạnh; bạn có thể mất số tiền đã giao dịch.</p>',
    ],
    py: [
      'Условия обслуживания',
      '<h3>1. Сервис</h3><p>Оператор сайта предоставляет платформу на этих условиях. Пользуясь сервисом, вы их принимаете.</p><h3>2. Ваш аккаунт</h3><p>Храните пароль в секрете. Вы отвечаете за действия в своём аккаунте.</p><h3>3. Риски</h3><p>Цены криптоактивов волатильны; вы можете потерять сумму, которой торгуете.</p>',
    ],
  },
  privacy: {
    hk: [
      '私隱政策',
      '<h3>我們收集甚麼</h3><p>您的電郵或手機號碼、訂單和餘額，以及您上傳的認證資料。</p><h3>為甚麼</h3><p>用於營運您的帳戶、履行法律責任並保障平台安全。我們不出售個人資料。</p>',
    ],
    th: [
      'นโยบายความเป็นส่วนตัว',
      '<h3>ข้อมูลที่เราเก็บ</h3><p>อีเมลหรือหมายเลขโทรศัพท์ คำสั่งซื้อขายและยอดคงเหลือ และเอกสารยืนยันตัวตนที่คุณอัปโหลด</p><h3>เพื่ออะไร</h3><p>เพื่อดูแลบัญชีของคุณ ปฏิบัติตามกฎหมาย และรักษาความปลอดภัยของแพลตฟอร์ม เราไม่ขายข้อมูลส่วนบุคคล</p>',
    ],
    jp: [
      'プライバシーポリシー',
      '<h3>収集する情報</h3><p>メールアドレスまたは携帯電話番号、注文と残高、アップロードされた本人確認書類。</p><h3>目的</h3><p>アカウントの運営、法的義務の履行、プラットフォームの安全確保のためです。個人データを販売することはありません。</p>',
    ],
    kor: [
      '개인정보 처리방침',
      '<h3>수집하는 정보</h3><p>이메일 또는 휴대폰 번호, 주문과 잔액, 업로드한 인증 서류.</p><h3>목적</h3><p>계정 운영, 법적 의무 이행, 플랫폼 보안을 위해서입니다. 개인정보를 판매하지 않습니다.</p>',
    ],
    fra: [
      'Politique de confidentialité',
      '<h3>Ce que nous collectons</h3><p>Votre e-mail ou numéro de mobile, vos ordres et soldes, et les justificatifs que vous téléversez.</p><h3>Pourquoi</h3><p>Pour gérer votre compte, respecter nos obligations légales et sécuriser la plateforme. Nous ne vendons pas de données personnelles.</p>',
    ],
    spa: [
      'Política de privacidad',
      '<h3>Qué recopilamos</h3><p>Tu correo o número de móvil, tus órdenes y saldos, y los documentos de verificación que subes.</p><h3>Por qué</h3><p>Para gestionar tu cuenta, cumplir obligaciones legales y mantener segura la plataforma. No vendemos datos personales.</p>',
    ],
    de: [
      'Datenschutzerklärung',
      '<h3>Was wir erfassen</h3><p>Ihre E-Mail-Adresse oder Mobilnummer, Ihre Aufträge und Guthaben sowie die hochgeladenen Nachweisdokumente.</p><h3>Wozu</h3><p>Um Ihr Konto zu führen, gesetzliche Pflichten zu erfüllen und die Plattform zu sichern. Wir verkaufen keine personenbezogenen Daten.</p>',
    ],
    vn: [
      'Chính sách bảo mật',
      '<h3>Chúng tôi thu thập gì</h3><p>Email hoặc số điện thoại, lệnh và số dư của bạn, cùng giấy tờ xác minh bạn tải lên.</p><h3>Vì sao</h3><p>Để vận hành tài khoản, thực hiện nghĩa vụ pháp lý và giữ an toàn cho nền tảng. Chúng tôi không bán dữ liệu cá nhân.</p>',
    ],
    py: [
      'Политика конфиденциальности',
      '<h3>Что мы собираем</h3><p>Ваш e-mail или номер телефона, ордера и балансы, а также загруженные документы для верификации.</p><h3>Зачем</h3><p>Чтобы вести ваш аккаунт, выполнять требования закона и обеспечивать безопасность платформы. Мы не продаём персональные данные.</p>',
    ],
  },
  whitepaper: {
    hk: [
      '白皮書',
      '<h3>設計原則</h3><ol><li>金額精確：整數最小單位，不使用浮點數。</li><li>帳目始終平衡。</li><li>按已記錄價格誠實結算。</li></ol>',
    ],
    th: [
      'เอกสารไวท์เปเปอร์',
      '<h3>หลักการออกแบบ</h3><ol><li>เงินต้องแม่นยำ: ใช้หน่วยฐานจำนวนเต็ม ไม่ใช้ทศนิยมลอยตัว</li><li>บัญชีต้องสมดุลเสมอ</li><li>ชำระราคาอย่างซื่อตรงตามราคาที่บันทึกไว้</li></ol>',
    ],
    jp: [
      'ホワイトペーパー',
      '<h3>設計原則</h3><ol><li>金額は正確に：整数の最小単位を使い、浮動小数点は使いません。</li><li>帳簿は常に均衡します。</li><li>記録された価格に基づく公正な決済。</li></ol>',
    ],
    kor: [
      '백서',
      '<h3>설계 원칙</h3><ol><li>금액은 정확하게: 정수 최소 단위, 부동소수점 없음.</li><li>장부는 항상 균형을 이룹니다.</li><li>기록된 가격에 따른 정직한 정산.</li></ol>',
    ],
    fra: [
      'Livre blanc',
      '<h3>Principes de conception</h3><ol><li>L’argent est exact : unités de base entières, pas de virgule flottante.</li><li>Les comptes sont toujours équilibrés.</li><li>Règlement honnête aux prix enregistrés.</li></ol>',
    ],
    spa: [
      'Libro blanco',
      '<h3>Principios de diseño</h3><ol><li>El dinero es exacto: unidades base enteras, sin coma flotante.</li><li>Las cuentas siempre cuadran.</li><li>Liquidación honesta con precios registrados.</li></ol>',
    ],
    de: [
      'Whitepaper',
      '<h3>Entwurfsprinzipien</h3><ol><li>Geld ist exakt: ganzzahlige Basiseinheiten, keine Gleitkommazahlen.</li><li>Die Bücher sind immer ausgeglichen.</li><li>Ehrliche Abrechnung zu aufgezeichneten Kursen.</li></ol>',
    ],
    vn: [
      'Sách trắng',
      '<h3>Nguyên tắc thiết kế</h3><ol><li>Tiền phải chính xác: đơn vị cơ sở số nguyên, không dùng số thực dấu phẩy động.</li><li>Sổ sách luôn cân bằng.</li><li>Thanh toán trung thực theo giá đã ghi nhận.</li></ol>',
    ],
    py: [
      'Белая книга',
      '<h3>Принципы</h3><ol><li>Деньги точны: целые базовые единицы, без чисел с плавающей точкой.</li><li>Книги всегда сбалансированы.</li><li>Честные расчёты по записанным ценам.</li></ol>',
    ],
  },
  'news-platform': {
    hk: ['平台更新：行情更快（演示）', '<p>行情頁現在透過即時通道推送價格。</p>'],
    th: ['อัปเดตแพลตฟอร์ม: ราคาเร็วขึ้น (ตัวอย่าง)', '<p>หน้าราคาส่งราคาแบบสตรีมผ่านช่องทางเรียลไทม์แล้ว</p>'],
    jp: [
      'プラットフォーム更新：相場がより速く（デモ）',
      '<p>相場ページはリアルタイムチャネルで価格を配信するようになりました。</p>',
    ],
    kor: [
      '플랫폼 업데이트: 더 빨라진 시세(데모)',
      '<p>시세 페이지가 이제 실시간 채널로 가격을 전송합니다.</p>',
    ],
    fra: [
      'Mise à jour : des cours plus rapides (démo)',
      '<p>La page des cours diffuse désormais les prix par le canal temps réel.</p>',
    ],
    spa: [
      'Actualización: cotizaciones más rápidas (demo)',
      '<p>La página de cotizaciones ahora transmite los precios por el canal en tiempo real.</p>',
    ],
    de: [
      'Plattform-Update: schnellere Kurse (Demo)',
      '<p>Die Kursseite erhält Preise jetzt über den Echtzeitkanal.</p>',
    ],
    vn: [
      'Cập nhật nền tảng: giá nhanh hơn (demo)',
      '<p>Trang giá giờ đây truyền giá qua kênh thời gian thực.</p>',
    ],
    py: [
      'Обновление платформы: быстрее котировки (демо)',
      '<p>Страница котировок теперь получает цены по каналу реального времени.</p>',
    ],
  },
  'events-newcomer': {
    hk: ['新手週（演示活動）', '<p>官方活動頁面示例。真實活動會在此說明規則和日期。</p>'],
    th: ['สัปดาห์ผู้ใช้ใหม่ (กิจกรรมตัวอย่าง)', '<p>ตัวอย่างหน้ากิจกรรมทางการ กิจกรรมจริงจะระบุกติกาและวันที่ไว้ที่นี่</p>'],
    jp: [
      'ニューカマーウィーク（デモイベント）',
      '<p>公式イベントページの例です。実際のイベントでは、ここにルールと日程が記載されます。</p>',
    ],
    kor: [
      '신규 회원 주간(데모 이벤트)',
      '<p>공식 이벤트 페이지의 예시입니다. 실제 이벤트는 여기에 규칙과 일정을 안내합니다.</p>',
    ],
    fra: [
      'Semaine des nouveaux (événement de démo)',
      '<p>Un exemple de page d’événement officiel. Les vrais événements indiquent ici leurs règles et leurs dates.</p>',
    ],
    spa: [
      'Semana de bienvenida (evento de demo)',
      '<p>Un ejemplo de página de evento oficial. Los eventos reales indican aquí sus reglas y fechas.</p>',
    ],
    de: [
      'Einsteigerwoche (Demo-Aktion)',
      '<p>Ein Beispiel für eine offizielle Aktionsseite. Echte Aktionen nennen hier ihre Regeln und Termine.</p>',
    ],
    vn: [
      'Tuần lễ người mới (sự kiện demo)',
      '<p>Ví dụ về trang sự kiện chính thức. Sự kiện thật sẽ nêu quy tắc và thời gian tại đây.</p>',
    ],
    py: [
      'Неделя новичка (демо-событие)',
      '<p>Пример страницы официального события. Настоящие события указывают здесь правила и даты.</p>',
    ],
  },
  'knowledge-what-is-usdt': {
    hk: [
      '甚麼是 USDT？為甚麼有兩個網絡？',
      '<p>USDT 是在多條鏈上發行的美元錨定代幣。ERC20 運行在以太坊上，TRC20 運行在波場上：請務必使用所選網絡充值。</p>',
    ],
    th: [
      'USDT คืออะไร และทำไมมีสองเครือข่าย?',
      '<p>USDT เป็นโทเคนที่ผูกค่ากับดอลลาร์ซึ่งออกบนหลายเชน ERC20 ทำงานบน Ethereum ส่วน TRC20 ทำงานบน Tron: ฝากบนเครือข่ายที่คุณเลือกเสมอ</p>',
    ],
    jp: [
      'USDT とは？なぜネットワークが 2 つあるの？',
      '<p>USDT は複数のチェーンで発行されている米ドル連動トークンです。ERC20 は Ethereum、TRC20 は Tron で動きます。必ず選択したネットワークで入金してください。</p>',
    ],
    kor: [
      'USDT란 무엇이고 왜 네트워크가 두 개인가요?',
      '<p>USDT는 여러 체인에서 발행되는 달러 연동 토큰입니다. ERC20은 이더리움, TRC20은 트론에서 작동합니다. 항상 선택한 네트워크로 입금하세요.</p>',
    ],
    fra: [
      'Qu’est-ce que l’USDT et pourquoi deux réseaux ?',
      '<p>L’USDT est un jeton indexé sur le dollar émis sur plusieurs chaînes. ERC20 fonctionne sur Ethereum, TRC20 sur Tron : déposez toujours sur le réseau choisi.</p>',
    ],
    spa: [
      '¿Qué es USDT y por qué hay dos redes?',
      '<p>USDT es un token vinculado al dólar emitido en varias cadenas. ERC20 funciona en Ethereum y TRC20 en Tron: deposita siempre en la red que elegiste.</p>',
    ],
    de: [
      'Was ist USDT und warum zwei Netzwerke?',
      '<p>USDT ist ein an den Dollar gekoppelter Token, der auf mehreren Chains ausgegeben wird. ERC20 läuft auf Ethereum, TRC20 auf Tron: Zahlen Sie immer über das gewählte Netzwerk ein.</p>',
    ],
    vn: [
      'USDT là gì và vì sao có hai mạng?',
      '<p>USDT là token neo theo đô la được phát hành trên nhiều chuỗi. ERC20 chạy trên Ethereum, TRC20 chạy trên Tron: luôn nạp tiền đúng mạng bạn đã chọn.</p>',
    ],
    py: [
      'Что такое USDT и почему две сети?',
      '<p>USDT — привязанный к доллару токен, выпущенный в нескольких блокчейнах. ERC20 работает в Ethereum, TRC20 — в Tron: пополняйте всегда через выбранную сеть.</p>',
    ],
  },
};

/**
 * Adds the translations above to the seeded demo items that lack them. `items` are the demo
 * items (seed key, category, English title as seeded); an item whose English title an operator
 * changed, or that is no longer marked demo, is skipped.
 */
export async function addDemoTranslations(
  ctx: AppContext,
  items: Array<{ key: string; category: number; enTitle: string }>,
  at: Date,
): Promise<void> {
  for (const item of items) {
    const texts = DEMO_TRANSLATIONS[item.key];
    if (!texts) continue;
    const row = await ctx.db
      .selectFrom('content_items as i')
      .innerJoin('content_translations as t', (j) =>
        j.onRef('t.item_id', '=', 'i.id').on('t.lang', '=', 'en'),
      )
      .select(['i.id', 't.title'])
      .where('i.seed_key', '=', `demo:${item.key}`)
      .where('i.is_demo', '=', true)
      .executeTakeFirst();
    if (!row || row.title !== item.enTitle) continue;
    const pageLike = item.category !== C.banner && item.category !== C.faq;
    await ctx.db
      .insertInto('content_translations')
      .values(
        DEMO_EXTRA_LANGS.map((lang) => ({
          item_id: row.id,
          lang,
          title: texts[lang][0],
          summary: '',
          body: sanitizeHtml(texts[lang][1] + (pageLike ? DEMO_NOTE[lang] : '')),
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['item_id', 'lang']).doNothing())
      .execute();
  }
}
