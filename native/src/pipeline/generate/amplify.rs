//! Phase 3 (a), the paper's amplification: in the same conversation, the LLM applies each MR of a
//! candidate to new inputs; when that fails, the candidate is validated as it was.

use super::candidate::{Stage, Status};
use super::GenerateRun;
use crate::error::CoreResult;

impl GenerateRun {
    /// Phase 3 (a): the LLM applies each MR to new inputs, in the same conversation.
    pub(super) fn amplify_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.stage == Stage::Amplify).map(|c| c.id).collect();
        for &i in &ids {
            let c = &self.candidates[i];
            let example = c.shapes.iter().find(|s| s.is_mtc()).map(|s| s.name.clone()).unwrap_or_default();
            let message = self.prompter().amplification(self.settings.amplification_inputs, &example, &c.class_name)?;
            let c = &mut self.candidates[i];
            c.conversation.push(message);
            c.unamplified = c.code.clone();
            c.stage = Stage::Validate;
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "amplification")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            let failure = reply.as_ref().err().map(|e| e.to_string());
            if self.take_reply(i, reply) {
                self.candidates[i].amplified = true;
            } else {
                // Validate what compiled before amplification rather than lose it.
                let c = &mut self.candidates[i];
                c.notes.push(format!(
                    "amplification failed ({}); validated without it",
                    failure.unwrap_or("no code in the reply".into())
                ));
                (c.code, c.status, c.stage) = (c.unamplified.clone(), Status::Pending, Stage::Validate);
            }
        }
        Ok(())
    }
}
