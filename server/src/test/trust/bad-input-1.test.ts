import { badInputSuite } from './bad-input';

badInputSuite(1, 3);
