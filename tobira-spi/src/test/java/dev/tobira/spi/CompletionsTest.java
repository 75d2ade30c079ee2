package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Completer.Completion;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompletionsTest {
    private static List<String> texts(List<Completion> list) {
        return list.stream().map(Completion::text).toList();
    }

    @Test
    void keepsTheCandidatesThatStartWithTheWordInTheOrderAdded() {
        Completions c = Completions.at("find cu", 7, Character::isLetterOrDigit)
                .add(List.of("customer", "order", "cursor"), Completion.Type.COLLECTION)
                .add(List.of("cume"), Completion.Type.KEYWORD);
        assertEquals("cu", c.word());
        assertEquals(List.of("customer", "cursor", "cume"), texts(c.list()));
        assertEquals(Completion.Type.KEYWORD, c.list().get(2).type());
    }

    @Test
    void caseIsIgnoredOnlyWhenAsked() {
        assertEquals(
                List.of(),
                texts(Completions.matching("sel")
                        .add(List.of("SELECT"), Completion.Type.KEYWORD)
                        .list()));
        assertEquals(
                List.of("SELECT"),
                texts(Completions.matching("sel")
                        .ignoringCase()
                        .add(List.of("SELECT"), Completion.Type.KEYWORD)
                        .list()));
    }

    @Test
    void othersLeaveOutTheWordItselfAndOncePerNameKeepsTheFirstType() {
        Completions c = Completions.matching("find")
                .oncePerName()
                .addOthers(List.of("find", "findAndModify"), Completion.Type.COLLECTION)
                .addOthers(List.of("findAndModify", "findOne"), Completion.Type.KEYWORD);
        assertEquals(List.of("findAndModify", "findOne"), texts(c.list()));
        assertEquals(Completion.Type.COLLECTION, c.list().get(0).type());
    }

    @Test
    void aSuggestionStandsOnceAndTheListIsCut() {
        Completions c = Completions.matching("")
                .add(List.of("a", "b", "a"), Completion.Type.FIELD)
                .add(List.of("c"), Completion.Type.FIELD);
        assertEquals(List.of("a", "b", "c"), texts(c.list()));
        assertEquals(List.of("a", "b"), texts(c.list(2)));
    }
}
