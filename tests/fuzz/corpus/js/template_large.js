out.push(HtmlService.createTemplate('<p><?= i ?></p>'.repeat(20000) + '<script>var a = <?= i ?>;</script>').evaluate().getContent().length);
