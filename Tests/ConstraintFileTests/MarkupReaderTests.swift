import Testing
@testable import ConstraintFile

/// What the XML reader refuses in a file from anywhere, and where it says so.
@Suite struct MarkupReaderTests {
    /// The document's root element, or the error.
    func read(_ text: String) -> Result<MarkupElement, SourceError> {
        var reader = MarkupReader(path: "t.xib", text: text)
        return Result { () throws(SourceError) in try reader.readDocument() }
    }

    /// The error as the command line prints it, or "no error".
    func error(_ text: String) -> String {
        switch read(text) {
        case .success: "no error"
        case .failure(let error): error.description
        }
    }

    /// Where the error is and what it says, for errors on lines too long to compare whole.
    func place(_ text: String) -> (line: Int, column: Int, message: String)? {
        guard case .failure(let error) = read(text) else { return nil }
        return (error.line, error.column, error.message)
    }

    @Test func doctypesAndEntityDeclarationsAreRefused() {
        // The "billion laughs": nothing is declared, so nothing is expanded.
        #expect(error("""
            <?xml version="1.0"?>
            <!DOCTYPE document [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            <document>&lol2;</document>
            """) == """
            t.xib:2:1: error: a DOCTYPE declaration is refused: Interface Builder files have none, and no entities are expanded
            <!DOCTYPE document [
            ^
            """)
        #expect(error("<!doctype html>\n<document/>") == """
            t.xib:1:1: error: a DOCTYPE declaration is refused: Interface Builder files have none, and no entities are expanded
            <!doctype html>
            ^
            """)
        #expect(error("<document>\n  <!ENTITY lol \"lol\">\n</document>") == """
            t.xib:2:3: error: an entity declaration is refused: no entities are expanded (only &lt; &gt; &amp; &quot; &apos; and character references are read)
              <!ENTITY lol "lol">
              ^
            """)
        #expect(error("<document>\n<!ELEMENT document ANY>\n</document>") == """
            t.xib:2:1: error: '<!' starts no comment (<!--) or CDATA section (<![CDATA[): declarations are refused
            <!ELEMENT document ANY>
            ^
            """)
        #expect(error("<document>&lol;</document>") == """
            t.xib:1:11: error: unknown entity '&lol;'
            <document>&lol;</document>
                      ^
            """)
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreRead() throws {
        let root = try read(#"<a v="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#X43;&#x1F600;">&#233;&amp;<!-- c --><![CDATA[x]]></a>"#).get()
        #expect(root["v"] == "<>&\"'ABC\u{1F600}")
        #expect(root.text == "é&")
        #expect(error("<a v=\"&#xD800;\"/>") == """
            t.xib:1:7: error: unknown entity '&#xD800;'
            <a v="&#xD800;"/>
                  ^
            """)
        #expect(error("<a v=\"&#12345678901;\"/>") == """
            t.xib:1:7: error: '&' starts no entity: write &amp;
            <a v="&#12345678901;"/>
                  ^
            """)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() throws {
        let limit = MarkupReader.maximumDepth
        #expect(limit == 128)
        let deepest = String(repeating: "<a>", count: limit) + String(repeating: "</a>", count: limit)
        #expect(try read(deepest).get().children.count == 1)
        // <document> is level 1, the <a>s 2 to 127, <b> 128: <c> is one too many.
        let tooDeep = "<document>\n" + String(repeating: "<a>", count: limit - 2) + "\n  <b><c/></b>"
        #expect(error(tooDeep) == """
            t.xib:3:6: error: elements nested deeper than 128 levels: Interface Builder files nest a few dozen
              <b><c/></b>
                 ^
            """)
    }

    @Test func tooManyAttributesOnOneElementAreRefused() throws {
        let limit = MarkupReader.maximumAttributes
        #expect(limit == 256)
        func tag(_ count: Int) -> String { "<document" + (0..<count).map { "\n a\($0)=\"\"" }.joined() + "/>" }
        #expect(try read(tag(limit)).get().attributes.count == limit)
        #expect(error(tag(limit + 1)) == """
            t.xib:258:2: error: the tag <document> has more than 256 attributes
             a256=""/>
             ^
            """)
        // Past eight attributes, a repeat is found by hashing: the same error as before.
        #expect(error("<document a0=\"\" a1=\"\" a2=\"\" a3=\"\" a4=\"\" a5=\"\" a6=\"\" a7=\"\" a8=\"\" a9=\"\" a3=\"\"/>") == """
            t.xib:1:71: error: the attribute 'a3' appears twice
            <document a0="" a1="" a2="" a3="" a4="" a5="" a6="" a7="" a8="" a9="" a3=""/>
                                                                                  ^
            """)
    }

    @Test func attributeValuesLongerThanTheLimitAreRefusedButTextIsNot() throws {
        let limit = MarkupReader.maximumAttributeValueLength
        #expect(limit == 65_536)
        let longest = "<document v=\"" + String(repeating: "x", count: limit) + "\"/>"
        #expect(try read(longest).get()["v"]?.utf8.count == limit)
        let message = "the value of 'v' is longer than 65536 bytes, the limit for an attribute value"
        let tooLong = "<document>\n  <a v=\"" + String(repeating: "x", count: limit + 1) + "\"/>\n</document>"
        #expect(place(tooLong)! == (2, 8, message))
        // Bytes as written: references count with their `&` and `;`.
        let references = "<document v='" + String(repeating: "&amp;", count: limit / 5 + 1) + "'/>"
        #expect(place(references)! == (1, 13, message))
        // Text between tags, where IB writes long strings, has no limit.
        let text = try read("<string key=\"text\">" + String(repeating: "word ", count: 40_000) + "</string>").get().text
        #expect(text.utf8.count == 200_000)
    }

    @Test func columnsOnOneLongLineAreCountedInCharacters() {
        // The reader counts on from the last column it computed: an error far along one line
        // still has its column in Unicode scalars.
        let line = "<document><é a=\"ü\"/>" + String(repeating: "<v a=\"1\"/>", count: 10_000) + "<x a=\"1\" a=\"2\"/></document>"
        let column = line.unicodeScalars.count - "a=\"2\"/></document>".count + 1
        #expect(place(line)! == (1, column, "the attribute 'a' appears twice"))
        guard case .success(let root) = read(line) else { return }
        #expect(root.children.count == 10_002)
    }
}
