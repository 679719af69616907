// Generated from schemas/mcp-tools.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import runtime0Import from "ajv/dist/runtime/ucs2length.js";
const runtime0 = 'default' in Object(runtime0Import) ? runtime0Import : { default: runtime0Import };
import runtime1Import from "ajv/dist/runtime/equal.js";
const runtime1 = 'default' in Object(runtime1Import) ? runtime1Import : { default: runtime1Import };

export const bridge_implement = validate21;
const schema32 = {"title":"BridgeImplementInput","description":"Hand a write-capable implementation task to a peer agent in this workspace.","type":"object","additionalProperties":false,"required":["task"],"properties":{"task":{"description":"What the peer should do, in plain words.","type":"string","minLength":1,"maxLength":100000},"model":{"description":"Model name or alias for the peer; the runner's default when absent.","type":"string","minLength":1,"maxLength":200},"effort":{"description":"Reasoning effort; none and trivial mean minimal.","enum":["none","trivial","minimal","low","medium","high","xhigh","max"]},"depth":{"description":"Bridge depth of this call; may raise, never lower, the inherited depth.","type":"integer","minimum":0},"run_id":{"description":"An id for this run (letters, digits, dot, underscore, dash); generated when absent.","type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},"timeout_seconds":{"description":"Time budget in seconds (default 600, at most 700).","type":"number","exclusiveMinimum":0,"maximum":700},"supported_efforts":{"description":"Effort levels the caller knows the model supports; the highest one at or below the request is applied.","type":"array","minItems":1,"uniqueItems":true,"items":{"enum":["minimal","low","medium","high","xhigh","max"]}}}};
const func1 = runtime0.default;
const func0 = runtime1.default;
const pattern4 = new RegExp("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$", "u");

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.task === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "task") || (key0 === "model")) || (key0 === "effort")) || (key0 === "depth")) || (key0 === "run_id")) || (key0 === "timeout_seconds")) || (key0 === "supported_efforts"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.task !== undefined){
let data0 = data.task;
if(typeof data0 === "string"){
if(func1(data0) > 100000){
const err2 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/maxLength",keyword:"maxLength",params:{limit: 100000},message:"must NOT have more than 100000 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func1(data0) < 1){
const err3 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.model !== undefined){
let data1 = data.model;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err5 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.effort !== undefined){
let data2 = data.effort;
if(!((((((((data2 === "none") || (data2 === "trivial")) || (data2 === "minimal")) || (data2 === "low")) || (data2 === "medium")) || (data2 === "high")) || (data2 === "xhigh")) || (data2 === "max"))){
const err8 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/enum",keyword:"enum",params:{allowedValues: schema32.properties.effort.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.depth !== undefined){
let data3 = data.depth;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err9 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err10 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.run_id !== undefined){
let data4 = data.run_id;
if(typeof data4 === "string"){
if(!pattern4.test(data4)){
const err11 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.timeout_seconds !== undefined){
let data5 = data.timeout_seconds;
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 700 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 700},message:"must be <= 700"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data5 <= 0 || isNaN(data5)){
const err14 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.supported_efforts !== undefined){
let data6 = data.supported_efforts;
if(Array.isArray(data6)){
if(data6.length < 1){
const err16 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(!((((((data7 === "minimal") || (data7 === "low")) || (data7 === "medium")) || (data7 === "high")) || (data7 === "xhigh")) || (data7 === "max"))){
const err17 = {instancePath:instancePath+"/supported_efforts/" + i0,schemaPath:"#/properties/supported_efforts/items/enum",keyword:"enum",params:{allowedValues: schema32.properties.supported_efforts.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
let i1 = data6.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data6[i1], data6[j0])){
const err18 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err19 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const bridge_advise = validate22;
const schema33 = {"title":"BridgeAdviseInput","description":"Ask a peer agent for read-only advice about this workspace.","type":"object","additionalProperties":false,"required":["task"],"properties":{"task":{"description":"What the peer should do, in plain words.","type":"string","minLength":1,"maxLength":100000},"model":{"description":"Model name or alias for the peer; the runner's default when absent.","type":"string","minLength":1,"maxLength":200},"effort":{"description":"Reasoning effort; none and trivial mean minimal.","enum":["none","trivial","minimal","low","medium","high","xhigh","max"]},"depth":{"description":"Bridge depth of this call; may raise, never lower, the inherited depth.","type":"integer","minimum":0},"run_id":{"description":"An id for this run (letters, digits, dot, underscore, dash); generated when absent.","type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},"timeout_seconds":{"description":"Time budget in seconds (default 120, at most 350).","type":"number","exclusiveMinimum":0,"maximum":350},"supported_efforts":{"description":"Effort levels the caller knows the model supports; the highest one at or below the request is applied.","type":"array","minItems":1,"uniqueItems":true,"items":{"enum":["minimal","low","medium","high","xhigh","max"]}}}};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.task === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "task") || (key0 === "model")) || (key0 === "effort")) || (key0 === "depth")) || (key0 === "run_id")) || (key0 === "timeout_seconds")) || (key0 === "supported_efforts"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.task !== undefined){
let data0 = data.task;
if(typeof data0 === "string"){
if(func1(data0) > 100000){
const err2 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/maxLength",keyword:"maxLength",params:{limit: 100000},message:"must NOT have more than 100000 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func1(data0) < 1){
const err3 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.model !== undefined){
let data1 = data.model;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err5 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.effort !== undefined){
let data2 = data.effort;
if(!((((((((data2 === "none") || (data2 === "trivial")) || (data2 === "minimal")) || (data2 === "low")) || (data2 === "medium")) || (data2 === "high")) || (data2 === "xhigh")) || (data2 === "max"))){
const err8 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/enum",keyword:"enum",params:{allowedValues: schema33.properties.effort.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.depth !== undefined){
let data3 = data.depth;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err9 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err10 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.run_id !== undefined){
let data4 = data.run_id;
if(typeof data4 === "string"){
if(!pattern4.test(data4)){
const err11 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.timeout_seconds !== undefined){
let data5 = data.timeout_seconds;
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 350 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 350},message:"must be <= 350"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data5 <= 0 || isNaN(data5)){
const err14 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.supported_efforts !== undefined){
let data6 = data.supported_efforts;
if(Array.isArray(data6)){
if(data6.length < 1){
const err16 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(!((((((data7 === "minimal") || (data7 === "low")) || (data7 === "medium")) || (data7 === "high")) || (data7 === "xhigh")) || (data7 === "max"))){
const err17 = {instancePath:instancePath+"/supported_efforts/" + i0,schemaPath:"#/properties/supported_efforts/items/enum",keyword:"enum",params:{allowedValues: schema33.properties.supported_efforts.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
let i1 = data6.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data6[i1], data6[j0])){
const err18 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err19 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const bridge_review = validate23;
const schema34 = {"title":"BridgeReviewInput","description":"Ask a peer agent for an adversarial, read-only review of work in this workspace.","type":"object","additionalProperties":false,"required":["task"],"properties":{"task":{"description":"What the peer should do, in plain words.","type":"string","minLength":1,"maxLength":100000},"model":{"description":"Model name or alias for the peer; the runner's default when absent.","type":"string","minLength":1,"maxLength":200},"effort":{"description":"Reasoning effort; none and trivial mean minimal.","enum":["none","trivial","minimal","low","medium","high","xhigh","max"]},"depth":{"description":"Bridge depth of this call; may raise, never lower, the inherited depth.","type":"integer","minimum":0},"run_id":{"description":"An id for this run (letters, digits, dot, underscore, dash); generated when absent.","type":"string","pattern":"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},"timeout_seconds":{"description":"Time budget in seconds (default 300, at most 350).","type":"number","exclusiveMinimum":0,"maximum":350},"supported_efforts":{"description":"Effort levels the caller knows the model supports; the highest one at or below the request is applied.","type":"array","minItems":1,"uniqueItems":true,"items":{"enum":["minimal","low","medium","high","xhigh","max"]}}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.task === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "task") || (key0 === "model")) || (key0 === "effort")) || (key0 === "depth")) || (key0 === "run_id")) || (key0 === "timeout_seconds")) || (key0 === "supported_efforts"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.task !== undefined){
let data0 = data.task;
if(typeof data0 === "string"){
if(func1(data0) > 100000){
const err2 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/maxLength",keyword:"maxLength",params:{limit: 100000},message:"must NOT have more than 100000 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(func1(data0) < 1){
const err3 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.model !== undefined){
let data1 = data.model;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err5 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func1(data1) < 1){
const err6 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.effort !== undefined){
let data2 = data.effort;
if(!((((((((data2 === "none") || (data2 === "trivial")) || (data2 === "minimal")) || (data2 === "low")) || (data2 === "medium")) || (data2 === "high")) || (data2 === "xhigh")) || (data2 === "max"))){
const err8 = {instancePath:instancePath+"/effort",schemaPath:"#/properties/effort/enum",keyword:"enum",params:{allowedValues: schema34.properties.effort.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.depth !== undefined){
let data3 = data.depth;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err9 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err10 = {instancePath:instancePath+"/depth",schemaPath:"#/properties/depth/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.run_id !== undefined){
let data4 = data.run_id;
if(typeof data4 === "string"){
if(!pattern4.test(data4)){
const err11 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"},message:"must match pattern \""+"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.timeout_seconds !== undefined){
let data5 = data.timeout_seconds;
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 350 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 350},message:"must be <= 350"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data5 <= 0 || isNaN(data5)){
const err14 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.supported_efforts !== undefined){
let data6 = data.supported_efforts;
if(Array.isArray(data6)){
if(data6.length < 1){
const err16 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(!((((((data7 === "minimal") || (data7 === "low")) || (data7 === "medium")) || (data7 === "high")) || (data7 === "xhigh")) || (data7 === "max"))){
const err17 = {instancePath:instancePath+"/supported_efforts/" + i0,schemaPath:"#/properties/supported_efforts/items/enum",keyword:"enum",params:{allowedValues: schema34.properties.supported_efforts.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
let i1 = data6.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data6[i1], data6[j0])){
const err18 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err19 = {instancePath:instancePath+"/supported_efforts",schemaPath:"#/properties/supported_efforts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const bridge_status = validate24;
const schema35 = {"title":"BridgeStatusInput","description":"Report the bridge's state: runners, recent calls, open incidents.","type":"object","additionalProperties":false,"properties":{}};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const byName = { "bridge_implement": bridge_implement, "bridge_advise": bridge_advise, "bridge_review": bridge_review, "bridge_status": bridge_status };
