import KoalioMessageTemplate

// koalio-messages: prints po/koalio.pot, the translators' template, made from the message table.
print(MessageTemplate.text, terminator: "")
