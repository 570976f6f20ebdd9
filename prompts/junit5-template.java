package {{package}};

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;

public class {{test_class}} {

    @Test
    void mr1() throws Exception {
        // MR: <the relation between {{first}} and {{second}}, in one line>
        // (i) source input
        // (ii) source output: call {{first}} on the source input
        // (iii) follow-up input, derived from the source input and/or output
        // (iv) follow-up output: call {{second}} on the follow-up input
        // (v) assert the output relation
    }
}
