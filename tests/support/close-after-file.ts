// Runs before each test file (vitest setupFiles): what its helpers opened is closed after it.
import { afterAll } from "vitest";
import { closeFileResources } from "./file-closers";

afterAll(closeFileResources);
