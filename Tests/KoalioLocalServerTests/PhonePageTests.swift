import KoalioText
import XCTest

@testable import KoalioLocalServer

/// The phone's page carries its words in every language the game speaks, safely inside its
/// script, and no English of its own outside them.
final class PhonePageTests: XCTestCase {
    func testThePageCarriesEveryLanguagesWordsSafely() throws {
        let page = PhonePage.html(words: [.english])
        XCTAssertFalse(page.contains("__WORDS__"))
        XCTAssertTrue(page.contains(#""phoneJoin":"Join""#), "English is always there")
        for message in Message.allCases where message.entry.place == .phone {
            XCTAssertTrue(page.contains("\"\(message.name)\":"), "\(message)")
        }
        // A translation cannot end the script or break out of its string.
        XCTAssertEqual(PhonePage.quoted("</script><b>\"\\\u{2028}"), #""\u003c/script\u003e\u003cb\u003e\"\\\u2028""#)
    }

    func testNoWordOfThePageIsLeftInEnglishOutsideTheTable() {
        let page = PhonePage.template
        for message in Message.allCases where message.entry.place == .phone {
            // As a script's string or an element's text: its words up to the first number.
            let words = String(message.entry.english.prefix { $0 != "%" })
            for written in ["\"" + words, ">" + words] {
                XCTAssertFalse(page.contains(written), "\"\(message.entry.english)\" is written in the page itself")
            }
        }
    }
}
